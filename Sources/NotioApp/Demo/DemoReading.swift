import Foundation
import NotioCore
import NotioStore

/// The demo account's bookshelf: books across genres (public-domain works, so the sentences can
/// be quoted freely; Korean ones translated for the demo), sentences across emotions, and
/// reading sessions over the last weeks so the statistics have something to show.
enum DemoReading {
    struct DemoBook {
        var title: String, author: String, publisher: String, genre: String, publishedAt: String, status: BookStatus
        /// (text, page, emotion, memo, days ago)
        var sentences: [(String, Int, Emotion, String?, Int)]
    }

    static let books: [DemoBook] = [
        DemoBook(title: "어린 왕자", author: "앙투안 드 생텍쥐페리", publisher: "데모 문고", genre: "소설", publishedAt: "1943", status: .finished, sentences: [
            ("마음으로 보아야 잘 보인다는 거야. 가장 중요한 것은 눈에 보이지 않아.", 92, .insight, "여우의 비밀. 오래 기억하고 싶다.", 41),
            ("네 장미를 그토록 소중하게 만든 건 네가 장미에게 들인 시간이야.", 93, .moved, nil, 41),
            ("어른들은 누구나 처음에는 어린이였다. 그러나 그것을 기억하는 어른은 별로 없다.", 7, .longing, nil, 44),
        ]),
        DemoBook(title: "진달래꽃", author: "김소월", publisher: "데모 문고", genre: "시", publishedAt: "1925", status: .finished, sentences: [
            ("나 보기가 역겨워 가실 때에는 말없이 고이 보내 드리우리다.", 12, .sadness, "반어가 주는 슬픔", 30),
            ("가시는 걸음걸음 놓인 그 꽃을 사뿐히 즈려밟고 가시옵소서.", 12, .longing, nil, 30),
            ("봄 가을 없이 밤마다 돋는 달도 예전엔 미처 몰랐어요.", 20, .calm, nil, 27),
        ]),
        DemoBook(title: "Walden", author: "Henry David Thoreau", publisher: "Demo Classics", genre: "에세이", publishedAt: "1854", status: .reading, sentences: [
            ("I went to the woods because I wished to live deliberately, to front only the essential facts of life.", 90, .courage, "숲으로 간 이유", 12),
            ("Our life is frittered away by detail. Simplify, simplify.", 92, .insight, nil, 9),
            ("Heaven is under our feet as well as over our heads.", 283, .calm, nil, 3),
        ]),
        DemoBook(title: "명상록", author: "마르쿠스 아우렐리우스", publisher: "데모 문고", genre: "인문", publishedAt: "180", status: .reading, sentences: [
            ("아침에 일어나기 싫을 때는 이렇게 생각하라. 나는 사람으로서 할 일을 하러 일어난다.", 61, .courage, "월요일 아침에 다시 읽기", 6),
            ("네가 괴로워하는 것은 그 일 자체가 아니라 그 일에 대한 너의 판단 때문이다.", 140, .comfort, nil, 5),
            ("지금 이 순간을 마지막인 것처럼 살아라.", 88, .insight, nil, 2),
        ]),
        DemoBook(title: "A Room of One's Own", author: "Virginia Woolf", publisher: "Demo Classics", genre: "에세이", publishedAt: "1929", status: .reading, sentences: [
            ("A woman must have money and a room of her own if she is to write fiction.", 4, .empathy, "지금도 유효한 문장", 8),
            ("One cannot think well, love well, sleep well, if one has not dined well.", 18, .joy, nil, 4),
        ]),
        DemoBook(title: "님의 침묵", author: "한용운", publisher: "데모 문고", genre: "시", publishedAt: "1926", status: .finished, sentences: [
            ("님은 갔습니다. 아아, 사랑하는 나의 님은 갔습니다.", 3, .sadness, nil, 20),
            ("우리는 만날 때에 떠날 것을 염려하는 것과 같이 떠날 때에 다시 만날 것을 믿습니다.", 4, .comfort, "이별을 다르게 보는 법", 20),
        ]),
        DemoBook(title: "종의 기원", author: "찰스 다윈", publisher: "데모 문고", genre: "과학", publishedAt: "1859", status: .wishlist, sentences: [
            ("살아남는 것은 가장 강한 종도, 가장 똑똑한 종도 아닌 변화에 가장 잘 적응하는 종이다.", 0, .surprise, "흔히 인용되지만 다윈의 말은 아니라고 한다", 15),
        ]),
        DemoBook(title: "운수 좋은 날", author: "현진건", publisher: "데모 문고", genre: "소설", publishedAt: "1924", status: .wishlist, sentences: []),
    ]

    /// Reading sessions: (days ago, minutes, book index) over the past year, most days but not
    /// all, longer at weekends, so the heatmap and the period charts have shape.
    static var sessions: [(Int, Int, Int)] {
        // A fixed pattern rather than randomness: the demo looks the same on every machine.
        var out: [(Int, Int, Int)] = []
        let minutes = [25, 40, 15, 60, 30, 45, 20, 35, 50, 10]
        let reading = [2, 3, 4, 0, 1, 5, 3, 2]
        for day in stride(from: 364, through: 0, by: -1) {
            // Quiet spells: one day in three off, and a whole week off now and then.
            if day % 3 == 1 || (day / 7) % 9 == 4 { continue }
            let weekend = day % 7 == 0 || day % 7 == 6
            out.append((day, minutes[(day * 7) % minutes.count] + (weekend ? 30 : 0), reading[(day / 12) % reading.count]))
        }
        return out
    }

    /// Sentences kept through the year, beyond each book's own: (days ago, book index, text, emotion).
    static let yearSentences: [(Int, Int, String, Emotion)] = [
        (300, 0, "별들이 아름다운 건 보이지 않는 꽃 한 송이 때문이야.", .moved),
        (280, 1, "산에는 꽃 피네 꽃이 피네 갈 봄 여름 없이 꽃이 피네.", .calm),
        (250, 2, "Time is but the stream I go a-fishing in.", .insight),
        (220, 3, "우주는 변화이고, 삶은 생각이 만드는 것이다.", .insight),
        (190, 4, "Literature is strewn with the wreckage of those who have minded beyond reason the opinion of others.", .courage),
        (160, 5, "사랑하는 까닭에 나는 님을 잊지 못합니다.", .longing),
        (130, 0, "사막이 아름다운 건 어딘가에 우물이 숨어 있기 때문이야.", .joy),
        (100, 2, "I had three chairs in my house; one for solitude, two for friendship, three for society.", .empathy),
        (70, 3, "너를 해치는 것은 네가 그것을 해롭다고 여기는 생각이다.", .comfort),
        (45, 6, "자연 선택은 날마다, 시간마다 세계 곳곳에서 가장 작은 변이까지 살핀다.", .surprise),
    ]

    static func seed(store: Store, owner: User, now: Date) throws {
        guard try store.books(owner: owner.id).isEmpty else { return }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: owner.timeZone) ?? .current
        let evening = calendar.date(bySettingHour: 21, minute: 0, second: 0, of: now) ?? now
        func day(_ ago: Int, minutes: Int = 0) -> Date {
            let d = (calendar.date(byAdding: .day, value: -ago, to: evening) ?? evening).addingTimeInterval(Double(minutes * 60))
            return min(d, now.addingTimeInterval(-60))
        }
        let shelf = books.enumerated().map { i, demo in
            let book = Book(title: demo.title, author: demo.author, publisher: demo.publisher, genre: demo.genre,
                            publishedAt: demo.publishedAt, status: demo.status, createdAt: day(365 - i * 20))
            let sentences = demo.sentences.enumerated().map { j, s in
                Sentence(bookId: book.id, text: s.0, page: s.1 == 0 ? nil : s.1, emotion: s.2, memo: s.3, createdAt: day(s.4, minutes: j))
            }
            return (book: book, sentences: sentences)
        }
        let ids = shelf.map(\.book.id)
        let more = yearSentences.map { ago, index, text, emotion in
            Sentence(bookId: ids[index], text: text, emotion: emotion, createdAt: day(ago))
        }
        let read = sessions.map { ago, minutes, index in
            let end = day(ago)
            return ReadingSession(bookId: ids[index], startedAt: end.addingTimeInterval(Double(-minutes * 60)), endedAt: end)
        }
        // Through the store's own call: the shelf lands whole or not at all.
        try store.addShelf(shelf, sentences: more, sessions: read, owner: owner.id)
    }
}
