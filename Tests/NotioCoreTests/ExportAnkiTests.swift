import Foundation
import Testing
@testable import NotioCore

struct ExportAnkiTests {
    let choice = Question(kind: .choice, form: .definition, prompt: "다음 중 <프로세스>의 정의는?",
                          options: ["실행 중인 프로그램", "A & B", "\"따옴표\"", "탭\t포함"], correctIndex: 0,
                          answer: "실행 중인 프로그램", conceptName: "프로세스 제어 블록", explanation: "교재 3쪽\n참고")
    let short = Question(kind: .short, form: .cloze, prompt: "문맥 교환 때 저장되는 것은?\r\n한 단어로.", answer: "PCB",
                         conceptName: "문맥 교환")

    @Test func theHeaderTellsAnkiHowToReadTheFile() {
        let lines = AnkiExport.tsv(questions: []).split(separator: "\n")
        #expect(lines == ["#separator:tab", "#html:true", "#tags column:3", "#columns:Front\tBack\tTags"])
    }

    @Test func everyRowHasThreeColumnsWithEscapedContent() {
        let tsv = AnkiExport.tsv(questions: [(choice, noteTitle: "운영체제 3강"), (short, noteTitle: "운영체제 3강")])
        let rows = tsv.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count == 2)
        for row in rows { #expect(row.split(separator: "\t", omittingEmptySubsequences: false).count == 3) }
        let first = rows[0].split(separator: "\t").map(String.init)
        #expect(first[0] == "다음 중 &lt;프로세스&gt;의 정의는?<ol><li>실행 중인 프로그램</li><li>A &amp; B</li><li>&quot;따옴표&quot;</li><li>탭 포함</li></ol>")
        #expect(first[1] == "1. 실행 중인 프로그램<br><br>교재 3쪽<br>참고")
        #expect(first[2] == "notio 운영체제_3강 프로세스_제어_블록")
        let second = rows[1].split(separator: "\t").map(String.init)
        #expect(second == ["문맥 교환 때 저장되는 것은?<br>한 단어로.", "PCB", "notio 운영체제_3강 문맥_교환"])
    }
}
