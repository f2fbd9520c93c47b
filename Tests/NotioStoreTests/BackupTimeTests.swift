import Foundation
import Testing
import NotioCore
@testable import NotioStore

/// The backup's hand-written ISO 8601 times agree with Foundation's, both ways.
@Suite struct BackupTimeTests {
    @Test func writtenTimesReadBackAndMatchFoundation() {
        let formatter = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var generator = SystemRandomNumberGenerator()
        // Around the epoch, leap days, far past and future, and random moments.
        var samples: [Int64] = [0, -1, 1, 951_782_400_000, 4_107_542_399_999, -2_208_988_800_000, 1_709_164_800_123]
        for _ in 0..<2000 { samples.append(Int64.random(in: -5_000_000_000_000...5_000_000_000_000, using: &generator)) }
        for millis in samples {
            let text = Backup.iso(millis)
            // Foundation goes through a Double and is sometimes a millisecond off: compare to the second.
            #expect(text.prefix(19) == Date(timeIntervalSince1970: Double(millis) / 1000).formatted(formatter).prefix(19), "\(millis)")
            #expect(Backup.millis(text) == millis, "\(text)")
        }
    }

    @Test func otherISOFormsAndNonsense() {
        #expect(Backup.millis("2026-11-30T12:00:00+09:00") == Backup.millis("2026-11-30T03:00:00Z"))
        #expect(Backup.millis("2026-11-30T03:00:00.5Z") == Backup.millis("2026-11-30T03:00:00Z")! + 500)
        #expect(Backup.millis("2026-11-30T03:00:00-05:30") == Backup.millis("2026-11-30T08:30:00Z"))
        for bad in ["yesterday", "2026-13-01T00:00:00Z", "2026-11-30T25:00:00Z", "", "2026-11-30T03:00:00.Z"] {
            #expect(Backup.millis(bad) == nil, "\(bad)")
        }
    }

    @Test func stringsAreQuotedAsJSON() throws {
        for text in ["plain", "따옴표 \" 와 \\ 역슬래시", "줄\n바꿈\t탭\r", "\u{01}\u{1F}", "😀 emoji"] {
            let quoted = JSONText.quote(text)
            #expect(try JSONSerialization.jsonObject(with: Data(quoted.utf8), options: [.fragmentsAllowed]) as? String == text)
        }
    }
}

/// The backup's JSON reader agrees with Foundation's on what it accepts.
@Suite struct FastJSONTests {
    @Test func readsWhatFoundationReads() throws {
        let samples = [
            #"{"a":1,"b":[true,false,null],"c":"텍스트 \"따옴표\" \\ \/ \n\t\u00e9\ud83d\ude00","d":-12.5e3,"e":{}}"#,
            #"[]"#, #"  [ 1 , 2 ,3 ] "#, #""plain""#, #"0"#, #"{"nested":{"deep":[[[]]]}}"#,
        ]
        for text in samples {
            let ours = try FastJSON.parse(Data(text.utf8))
            let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
            // Written back, both read the same.
            let again = try JSONSerialization.jsonObject(with: Data(ours.text.utf8), options: [.fragmentsAllowed])
            #expect(NSArray(array: [again]).isEqual(to: [theirs]), "\(text)")
        }
    }

    /// The checking reading drops free text without making Strings: its UTF-8 check must agree with Swift's.
    @Test func checksUTF8WithoutMakingStrings() throws {
        let samples: [[UInt8]] = [Array("plain".utf8), Array("한국어 😀 é".utf8), [0xC3, 0x28], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
                                  [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xFF], [0xF0, 0x9F, 0x98, 0x80], [0xEF, 0xBF, 0xBF]]
        for bytes in samples {
            let swift = String(validating: bytes, as: UTF8.self) != nil
            #expect(bytes.withUnsafeBufferPointer { JSONStream.isUTF8($0) } == swift, "\(bytes)")
            let reader = JSONStream(data: Data([0x22] + bytes + [0x22]))
            if swift { #expect(try reader.checkString()) } else { #expect(throws: JSONStream.Failure.self) { _ = try reader.checkString() } }
        }
    }

    @Test func refusesWhatIsNotJSON() {
        for text in [#"{"a":1"#, #"{"a" 1}"#, #"[1,]"#, #""open"#, "tru", #"{"a":"\x"}"#, "[1] 2", #""\ud800""#, "-", "1.", "\"\u{01}\""] {
            #expect(throws: FastJSON.Failure.self, "\(text)") { _ = try FastJSON.parse(Data(text.utf8)) }
        }
    }
}
