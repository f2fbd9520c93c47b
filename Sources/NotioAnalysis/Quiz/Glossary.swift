import Foundation
import NotioCore

/// English words of computing that Korean lecture pages translate in running text: a prompt
/// that says "날짜" asks for "Date 변수" in all but name, "통화 값" for Currency. Used only to
/// tell whether a prompt gives its answer away; a reader judging the corpus caught each of these.
enum Glossary {
    /// Lower-case English word → the Korean words that translate it.
    static let korean: [String: [String]] = [
        "date": ["날짜"], "time": ["시간"], "currency": ["통화"], "integer": ["정수"], "string": ["문자열"],
        "boolean": ["논리값", "불리언", "참 또는 거짓"], "array": ["배열"], "constant": ["상수"], "decimal": ["십진"],
        "double": ["배정밀도"], "single": ["단정밀도"], "object": ["개체", "객체"], "function": ["함수"], "file": ["파일"],
        "transfer": ["전송"], "protocol": ["프로토콜"], "server": ["서버"], "client": ["클라이언트"], "frame": ["프레임"],
        "proxy": ["프록시"], "tag": ["태그"], "link": ["링크"], "hyperlink": ["하이퍼링크"], "signature": ["서명"],
        "certificate": ["인증서"], "checksum": ["체크섬"], "thread": ["스레드"], "process": ["프로세스"], "kernel": ["커널"],
        "ftp": ["파일 전송", "파일의 전송"], "http": ["하이퍼텍스트 전송"], "url": ["인터넷 주소"],
        "memory": ["메모리"], "module": ["모듈"], "cache": ["캐시"], "queue": ["큐"], "stack": ["스택"], "schedule": ["스케줄"], "scheduling": ["스케줄링"],
        // Values and the parts of a date: "양수" is what Single's English section calls "positive";
        // "날짜 및 시간" is what Day, Month, Year and Hour return.
        "positive": ["양수"], "negative": ["음수"], "day": ["날짜"], "month": ["날짜"], "year": ["날짜"], "hour": ["시간"], "minute": ["시간"],
    ]

    /// Korean word (compact) → the English words it translates, lower case.
    static let english: [String: [String]] = {
        var out: [String: [String]] = [:]
        for (word, translations) in korean {
            for korean in translations { out[KoreanText.compact(korean), default: []].append(word) }
        }
        return out.mapValues { $0.sorted() }
    }()

    /// The English words a Korean word (compact) translates; none for others.
    static func english(for word: String) -> [String] { english[word] ?? [] }

    /// Whether `prompt` holds a Korean translation of an English word of `answer` that the
    /// answer itself does not already show in Korean.
    static func translates(prompt: String, answer: String) -> Bool {
        let promptKey = KoreanText.compact(prompt)
        let answerKey = KoreanText.compact(answer)
        for word in answer.lowercased().split(whereSeparator: { !($0.isASCII && $0.isLetter) }) {
            for korean in korean[String(word)] ?? [] where !KoreanText.contains(answerKey, KoreanText.compact(korean)) {
                if KoreanText.contains(promptKey, KoreanText.compact(korean)) { return true }
            }
        }
        return false
    }

    /// Whether `prompt` writes in English the Korean answer ("/etc/modules" beside "____이 들어있는
    /// 구성 파일" for 모듈): an English word of the prompt, singular or plural, that the answer translates.
    static func writesInEnglish(prompt: String, answer: String) -> Bool {
        let english = Set(Self.english(for: KoreanText.compact(answer)))
        guard !english.isEmpty else { return false }
        return prompt.lowercased().split(whereSeparator: { !($0.isASCII && $0.isLetter) }).contains { word in
            english.contains(String(word)) || (word.hasSuffix("s") && english.contains(String(word.dropLast())))
        }
    }

    /// Whether `prompt` spells out an acronym answer ("Standard Generalized Markup Language" for
    /// SGML, "File Transfer Protocol" for FTP): capitalised words whose initials are its letters.
    static func spellsOut(prompt: String, answer: String) -> Bool {
        let letters = answer.trimmingCharacters(in: .whitespaces)
        guard (2...6).contains(letters.count), letters.allSatisfy({ $0.isASCII && $0.isUppercase }) else { return false }
        let words = prompt.split(whereSeparator: { !($0.isASCII && $0.isLetter) }).map(String.init)
            .filter { !["of", "and", "the", "for"].contains($0.lowercased()) }
        let initials = words.map { $0.first.map { String($0).uppercased() } ?? "" }
        guard initials.count >= letters.count else { return false }
        let target = letters.map(String.init)
        for start in 0...(initials.count - target.count) where Array(initials[start..<(start + target.count)]) == target {
            // Every word capitalised: a name, not a sentence that happens to start so.
            if words[start..<(start + target.count)].allSatisfy({ $0.first?.isUppercase == true && $0.count > 1 }) { return true }
        }
        return false
    }
}
