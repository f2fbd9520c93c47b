import Testing
@testable import NotioAnalysis

/// `QuizMaterial.stem` takes a glued particle off by bytes where every character is one scalar,
/// and by characters otherwise: both give what a character-wise suffix would.
@Suite struct QuizMaterialStemTests {
    func byCharacters(_ word: String) -> String {
        for particle in QuizText.gluedParticles where word.count > particle.count + 1 && word.hasSuffix(particle) {
            return String(word.dropLast(particle.count))
        }
        return word
    }

    @Test func takesOffTheSameParticleEitherWay() {
        let words = ["운영체제는", "전체가", "파일에서", "가는", "가나의", "cpu의", "x에", "스레드로", "메모리",
                     "\u{1100}\u{1161}\u{11A8}의는", "e\u{301}의는", "커널으로", "에서"]
        for word in words {
            #expect(QuizMaterial.stem(word) == byCharacters(word), "stem of \(word)")
        }
        #expect(QuizMaterial.stem("운영체제는") == "운영체제")
        #expect(QuizMaterial.stem("가는") == "가는")
    }
}
