import Foundation

/// Maps Open Library's free-form subjects to Aladin's top-level categories, so that statistics by
/// genre put "Science fiction" from Open Library and "소설/시/희곡" from Aladin together.
///
/// Rules are tried in order and the first one that any subject matches wins: comics and children's
/// books before fiction ("Juvenile fiction"), fiction before science ("Science fiction").
enum OpenLibraryGenre {
    /// Whole words, or phrases (with a space) found anywhere in a subject.
    private static let rules: [(genre: String, terms: [String])] = [
        ("만화", ["comic", "comics", "manga", "graphic novels", "comic books, strips"]),
        ("어린이", ["juvenile", "children's", "picture books"]),
        ("소설/시/희곡", ["fiction", "novel", "novels", "poetry", "poems", "drama", "plays"]),
        ("에세이", ["essays"]),
        ("자기계발", ["self-help", "success", "self-actualization"]),
        ("경제경영", ["business", "economics", "finance", "management", "marketing", "investments"]),
        ("컴퓨터/모바일", ["computers", "computer", "programming", "software"]),
        ("과학", ["science", "mathematics", "physics", "chemistry", "biology", "astronomy"]),
        ("역사", ["history"]),
        ("인문학", ["philosophy", "psychology", "linguistics", "literature"]),
        ("종교/역학", ["religion", "christianity", "buddhism", "bible", "theology"]),
        ("예술/대중문화", ["art", "arts", "music", "film", "photography", "design"]),
        ("요리/살림", ["cooking", "cookery", "recipes", "baking"]),
        ("여행", ["travel", "guidebooks"]),
        ("사회과학", ["political science", "politics", "sociology", "law", "education"]),
        ("건강/취미/레저", ["health", "fitness", "sports", "games", "hobbies"]),
    ]

    static func genre(subjects: [String]) -> String? {
        let prepared = subjects.map { subject -> (text: String, words: Set<Substring>) in
            let text = subject.lowercased()
            return (text, Set(text.split { !$0.isLetter && $0 != "'" && $0 != "-" }))
        }
        for rule in rules {
            for term in rule.terms {
                let isPhrase = term.contains(" ") || term.contains(",")
                if prepared.contains(where: { isPhrase ? $0.text.contains(term) : $0.words.contains(Substring(term)) }) {
                    return rule.genre
                }
            }
        }
        return nil
    }
}
