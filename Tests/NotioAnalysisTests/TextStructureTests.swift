import Foundation
import NotioCore
import Testing
@testable import NotioAnalysis

/// Lines that are half a sentence are no headings (issue 13's judged corpus: "Variant." and
/// "… 사용됩니다. Solaris 및" became concepts). Lines the writer ended are PageLinesRowTests'.
@Suite struct TextStructureTests {
    @Test func halfASentenceIsNoHeading() {
        #expect(!LayoutHeadings.isHeadingText("Variant."))
        #expect(!LayoutHeadings.isHeadingText("운영 체제에서는 서명을 검증하는 Windows 기능이 사용됩니다. Solaris 및"))
        #expect(!LayoutHeadings.isHeadingText("Microsoft Office and"))
        #expect(!LayoutHeadings.isHeadingText("StarOffice 9.2에서 내용 서명이 변경되어, 서명 파일(META-"))
        for heading in ["중단점의 속성", "1.2. 프로세스란 무엇인가요?", "Microsoft Office 파일로 저장", "문서 저장 및 서명", "변수, 상수 등"] {
            #expect(LayoutHeadings.isHeadingText(heading), "\(heading)")
        }
    }
}
