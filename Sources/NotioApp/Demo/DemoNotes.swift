import Foundation
import NotioCore
import NotioStore

/// One finished lecture note of the demo account: the source text page by page and its analysis.
struct DemoNote: Sendable {
    var title: String
    var category: NoteCategory
    var fileName: String
    var document: ExtractedDocument
    var analysis: NoteAnalysis
}

/// Three lecture notes the demo account studies from: 운영체제, 데이터베이스, 컴퓨터 네트워크.
///
/// The analysis is written by hand but held to the promise the app makes for analysed notes:
/// every definition, summary sentence and key point is a sentence of the source pages, every
/// keyword and related term occurs in the text, and every comparison table is printed in the
/// pages as it is shown on the concept card.
enum DemoNotes {
    static let all: [DemoNote] = [operatingSystems, databases, networks]

    /// Adds the demo notes the owner does not have yet (matched by title) as ready notes.
    static func seed(store: Store, ownerId: String, now: Date) throws {
        let existing = Set(try store.notes(owner: ownerId).map(\.title))
        for (i, demo) in all.enumerated() where !existing.contains(demo.title) {
            // Older notes first, a day apart, so the home list shows them in the order of `all`.
            let created = now.addingTimeInterval(-Double(all.count - i) * 86_400)
            let noteId = UUID().uuidString.lowercased()
            let summary = NoteSummary(id: noteId, title: demo.title, category: demo.category, favorite: false, state: .analysing,
                                      fileName: demo.fileName, createdAt: created)
            let job = Job(id: UUID().uuidString.lowercased(), ownerId: ownerId, kind: "analyse-note", noteId: noteId, state: .done,
                          stage: "save", progress: 1, createdAt: created, updatedAt: created)
            try store.insertNote(summary, ownerId: ownerId, titleLocked: false, job: job)
            var analysis = demo.analysis
            analysis.title = demo.title
            // Concept ids are primary keys across all notes: scope the stable ids to the owner.
            analysis.concepts = analysis.concepts.map { c in
                var c = c
                c.id = conceptId(c.id, ownerId: ownerId)
                return c
            }
            let size = demo.document.pages.reduce(0) { $0 + $1.text.utf8.count }
            try store.completeNote(id: noteId, owner: ownerId, document: demo.document, analysis: analysis, fileSize: size, at: created)
        }
    }

    /// The id a demo concept such as "demo-os-process" is stored under for one owner.
    static func conceptId(_ base: String, ownerId: String) -> String { "\(base)-\(ownerId)" }

    /// A comparison table as the handout prints it: a caption, then one line per row, cells
    /// separated by " | ".
    static func render(_ caption: String, _ table: ComparisonTable) -> String {
        ([caption] + ([table.columns] + table.rows).map { $0.joined(separator: " | ") }).joined(separator: "\n")
    }

    private static func document(_ pages: [String], outline: [(String, Int)], metadataTitle: String) -> ExtractedDocument {
        ExtractedDocument(pages: pages.enumerated().map { SourcePage(number: $0.offset + 1, text: $0.element) },
                          outline: outline.map { OutlineEntry(title: $0.0, page: $0.1, level: 0) },
                          metadataTitle: metadataTitle)
    }

    // MARK: - 운영체제

    private enum OS {
        static let processVsThread = ComparisonTable(
            columns: ["구분", "프로세스", "스레드"],
            rows: [
                ["주소 공간", "프로세스마다 독립된 주소 공간", "같은 프로세스의 스레드끼리 코드·데이터·힙 공유"],
                ["스택", "프로세스마다 하나", "스레드마다 별도의 스택"],
                ["생성·문맥 교환 비용", "크다", "작다"],
                ["통신 방법", "IPC(파이프, 메시지 큐, 공유 메모리)", "공유 변수로 바로 통신"],
                ["오류의 영향", "다른 프로세스에 영향을 주지 않는다", "같은 프로세스 전체가 종료될 수 있다"],
            ])
        static let scheduling = ComparisonTable(
            columns: ["알고리즘", "선점 여부", "장점", "단점"],
            rows: [
                ["FCFS", "비선점", "구현이 단순하다", "호위 효과로 평균 대기 시간이 길어질 수 있다"],
                ["SJF", "비선점(선점형은 SRTF)", "평균 대기 시간이 최소이다", "CPU 버스트 길이를 예측해야 하고 기아가 생길 수 있다"],
                ["RR", "선점", "응답 시간이 짧고 공평하다", "시간 할당량이 작으면 문맥 교환 오버헤드가 크다"],
                ["우선순위", "선점·비선점 모두 가능", "중요한 작업을 먼저 처리한다", "기아가 생길 수 있다(에이징으로 해결)"],
            ])
        static let mutexVsSemaphore = ComparisonTable(
            columns: ["구분", "뮤텍스", "세마포어"],
            rows: [
                ["값", "잠김 / 풀림 두 상태", "0 이상의 정수"],
                ["동시 진입", "한 번에 하나의 스레드", "S의 초깃값만큼"],
                ["해제", "락을 획득한 스레드만 해제할 수 있다", "어느 프로세스든 signal을 호출할 수 있다"],
                ["주된 용도", "임계 구역의 상호 배제", "개수가 정해진 자원 관리, 실행 순서 제어"],
            ])
        static let pagingVsSegmentation = ComparisonTable(
            columns: ["구분", "페이징", "세그멘테이션"],
            rows: [
                ["나누는 단위", "고정 크기의 페이지", "논리적 의미를 가진 가변 크기의 세그먼트"],
                ["논리 주소", "페이지 번호 + 오프셋", "세그먼트 번호 + 오프셋"],
                ["단편화", "내부 단편화 발생", "외부 단편화 발생"],
                ["변환 테이블", "페이지 테이블(프레임 번호)", "세그먼트 테이블(기준, 한계)"],
                ["보호와 공유", "의미 단위로 보호하기 어렵다", "의미 단위라 보호와 공유가 쉽다"],
            ])
        static let replacement = ComparisonTable(
            columns: ["알고리즘", "교체 대상", "특징", "예제의 페이지 부재"],
            rows: [
                ["FIFO", "가장 먼저 들어온 페이지", "구현이 쉽지만 벨레이디의 모순이 생길 수 있다", "15회"],
                ["LRU", "가장 오랫동안 사용되지 않은 페이지", "성능이 좋지만 참조 시각을 기록할 하드웨어 지원이 필요하다", "12회"],
                ["OPT", "앞으로 가장 오랫동안 사용되지 않을 페이지", "페이지 부재가 가장 적지만 미래를 알아야 하므로 구현할 수 없다", "9회"],
            ])

        static let pages: [String] = [
            // 1
            """
            운영체제 강의 노트 — 프로세스와 스레드, CPU 스케줄링, 동기화, 메모리 관리

            1. 프로세스(Process)
            프로세스는 실행 중인 프로그램이다.
            프로그램은 디스크에 저장된 수동적인 실행 파일이고, 프로세스는 메모리에 적재되어 CPU에서 실행되는 능동적인 개체이다.
            하나의 프로그램으로 여러 개의 프로세스를 만들 수 있다.

            1.1 프로세스의 메모리 구조
            프로세스는 코드, 데이터, 힙, 스택 영역으로 이루어진 자신만의 주소 공간을 가진다.
            - 코드(텍스트) 영역: 실행할 기계어 명령어
            - 데이터 영역: 전역 변수와 정적 변수
            - 힙 영역: 실행 중에 동적으로 할당되는 메모리
            - 스택 영역: 함수 호출 시의 매개변수, 지역 변수, 복귀 주소
            """,
            // 2
            """
            1.2 프로세스 제어 블록(PCB)
            운영체제는 프로세스마다 프로세스 제어 블록(PCB, Process Control Block)을 두고 프로세스의 정보를 관리한다.
            - PCB에는 프로세스 ID, 프로세스 상태, 프로그램 카운터, CPU 레지스터, 스케줄링 정보, 메모리 관리 정보, 열린 파일 목록이 저장된다.

            1.3 프로세스 상태
            프로세스는 생성(new), 준비(ready), 실행(running), 대기(waiting), 종료(terminated) 상태를 오간다.
            - 준비 → 실행: 스케줄러가 프로세스를 선택해 CPU를 할당한다(디스패치).
            - 실행 → 준비: 타이머 인터럽트로 CPU를 빼앗긴다.
            - 실행 → 대기: 입출력이나 이벤트를 기다린다.
            - 대기 → 준비: 기다리던 입출력이나 이벤트가 끝난다.

            1.4 문맥 교환(Context Switch)
            문맥 교환은 CPU를 다른 프로세스에 넘겨줄 때 현재 프로세스의 상태를 PCB에 저장하고 다음 프로세스의 상태를 PCB에서 복원하는 작업이다.
            문맥 교환 중에 CPU는 유용한 일을 하지 못하므로 문맥 교환 시간은 순수한 오버헤드이다.
            """,
            // 3
            """
            2. 스레드(Thread)
            스레드는 프로세스 안에서 실행되는 흐름의 단위로, CPU 이용의 기본 단위이다.
            각 스레드는 자신만의 스레드 ID, 프로그램 카운터, 레지스터 집합, 스택을 가진다.
            같은 프로세스에 속한 스레드들은 코드, 데이터, 힙 영역과 열린 파일 같은 자원을 공유한다.

            2.1 멀티스레드의 장점
            - 응답성: 한 스레드가 입출력을 기다리는 동안에도 다른 스레드가 사용자에게 응답할 수 있다.
            - 자원 공유: 스레드들은 프로세스의 메모리와 자원을 별도의 장치 없이 공유한다.
            - 경제성: 스레드의 생성과 문맥 교환은 프로세스보다 비용이 적게 든다.
            - 확장성: 멀티코어 시스템에서 여러 스레드가 서로 다른 코어에서 병렬로 실행될 수 있다.
            주의: 공유 데이터에 여러 스레드가 동시에 접근하므로 동기화가 필요하다.

            \(render("표 1. 프로세스와 스레드 비교", processVsThread))
            """,
            // 4
            """
            3. CPU 스케줄링
            CPU 스케줄링은 준비 큐에 있는 프로세스 중 어느 프로세스에 CPU를 할당할지 결정하는 일이다.
            - 스케줄링 기준: CPU 이용률, 처리량, 총처리 시간(turnaround time), 대기 시간, 응답 시간
            - 비선점 스케줄링: 프로세스가 스스로 CPU를 내놓을 때까지 CPU를 빼앗지 않는다.
            - 선점 스케줄링: 운영체제가 실행 중인 프로세스에게서 CPU를 빼앗아 다른 프로세스에 줄 수 있다.

            3.1 FCFS(First-Come, First-Served)
            FCFS는 준비 큐에 먼저 도착한 프로세스부터 CPU를 할당하는 비선점 방식이다.
            - 예: P1(24ms), P2(3ms), P3(3ms) 순서로 도착하면 대기 시간은 0, 24, 27ms로 평균 17ms이다.
            - 같은 프로세스가 P2, P3, P1 순서로 도착하면 평균 대기 시간은 3ms로 줄어든다.
            - 호위 효과(Convoy Effect): 긴 프로세스 하나 뒤에서 짧은 프로세스들이 오래 기다리는 현상이다.

            3.2 SJF(Shortest Job First)
            SJF는 다음 CPU 버스트가 가장 짧은 프로세스에 먼저 CPU를 할당하는 방식이다.
            - 주어진 프로세스 집합에 대해 평균 대기 시간이 최소가 되는 최적 알고리즘이다.
            - 다음 CPU 버스트의 길이는 미리 알 수 없으므로 과거 버스트 길이의 지수 평균으로 예측한다.
            - 선점형 SJF를 SRTF(Shortest Remaining Time First)라고 한다.
            """,
            // 5
            """
            3.3 RR(Round Robin)
            RR은 각 프로세스에 같은 크기의 시간 할당량(time quantum)만큼 CPU를 주고, 다 쓰면 준비 큐의 맨 뒤로 보내는 선점 방식이다.
            - 시간 할당량이 너무 크면 FCFS와 같아지고, 너무 작으면 문맥 교환 오버헤드가 커진다.
            - 응답 시간이 짧아 시분할 시스템에 알맞다.

            3.4 우선순위(Priority) 스케줄링
            우선순위 스케줄링은 우선순위가 가장 높은 프로세스에 CPU를 할당하는 방식이다.
            - 선점형으로도 비선점형으로도 구현할 수 있다.
            - 기아(Starvation): 우선순위가 낮은 프로세스가 무한히 기다리는 문제가 생길 수 있다.
            - 에이징(Aging): 오래 기다린 프로세스의 우선순위를 점차 높여 기아를 해결한다.
            - SJF는 다음 CPU 버스트 길이를 우선순위로 쓰는 우선순위 스케줄링의 특수한 경우이다.

            \(render("표 2. 스케줄링 알고리즘 비교", scheduling))
            """,
            // 6
            """
            4. 프로세스 동기화
            경쟁 조건(Race Condition)은 여러 프로세스나 스레드가 공유 데이터에 동시에 접근할 때 실행 순서에 따라 결과가 달라지는 상황이다.
            - 예: count++는 읽기, 더하기, 쓰기의 세 명령어로 실행되므로 도중에 문맥 교환이 일어나면 한쪽의 갱신이 사라질 수 있다.

            4.1 임계 구역(Critical Section)
            임계 구역은 공유 자원에 접근하는 코드 영역으로, 한 번에 하나의 프로세스만 실행해야 한다.
            임계 구역 문제의 해결책은 다음 세 조건을 만족해야 한다.
            - 상호 배제(Mutual Exclusion): 한 프로세스가 임계 구역에서 실행 중이면 다른 프로세스는 임계 구역에 들어갈 수 없다.
            - 진행(Progress): 임계 구역이 비어 있으면 들어가려는 프로세스 중 하나가 유한한 시간 안에 들어갈 수 있어야 한다.
            - 한정된 대기(Bounded Waiting): 한 프로세스가 진입을 요청한 뒤 다른 프로세스가 먼저 들어가는 횟수에는 한계가 있어야 한다.

            4.2 뮤텍스(Mutex)와 세마포어(Semaphore)
            뮤텍스는 임계 구역에 들어갈 때 락을 획득(acquire)하고 나올 때 해제(release)하는 상호 배제 도구이다.
            - 락을 얻을 때까지 반복문을 돌며 기다리는 뮤텍스를 스핀락(spinlock)이라고 한다.
            세마포어는 정수 변수 S와 두 원자적 연산 wait(P)와 signal(V)로 자원 접근을 제어하는 동기화 도구이다.
            - wait(S): S가 0보다 커질 때까지 기다린 뒤 S를 1 감소시킨다.
            - signal(S): S를 1 증가시켜 기다리던 프로세스가 진행할 수 있게 한다.
            - 이진 세마포어는 0과 1만 가지며 뮤텍스처럼 쓰이고, 계수 세마포어는 개수가 정해진 자원을 관리한다.

            \(render("표 3. 뮤텍스와 세마포어 비교", mutexVsSemaphore))
            """,
            // 7
            """
            5. 교착 상태(Deadlock)
            교착 상태는 둘 이상의 프로세스가 서로 상대가 가진 자원을 기다리며 영원히 진행하지 못하는 상태이다.

            5.1 교착 상태의 필요 조건
            다음 네 조건이 동시에 모두 성립해야 교착 상태가 발생한다.
            ① 상호 배제(Mutual Exclusion): 자원을 한 번에 한 프로세스만 사용할 수 있다.
            ② 점유와 대기(Hold and Wait): 프로세스가 자원을 가진 채 다른 자원을 기다린다.
            ③ 비선점(No Preemption): 다른 프로세스가 가진 자원을 강제로 빼앗을 수 없다.
            ④ 순환 대기(Circular Wait): 프로세스들이 원형으로 서로가 가진 자원을 기다린다.

            5.2 교착 상태의 처리
            - 예방(Prevention): 네 조건 중 하나가 성립하지 않도록 한다. 예를 들어 자원에 번호를 매겨 오름차순으로만 요청하게 하면 순환 대기가 생기지 않는다.
            - 회피(Avoidance): 자원을 할당한 뒤에도 시스템이 안전 상태로 남을 때에만 요청을 들어준다(은행원 알고리즘, Banker's Algorithm).
            - 탐지와 회복(Detection and Recovery): 자원 할당 그래프에서 사이클을 찾아 탐지하고, 프로세스를 종료하거나 자원을 선점해 회복한다.
            - 무시: 교착 상태가 드물다고 보고 아무 조치도 하지 않는다. 많은 범용 운영체제가 이 방법을 쓴다.
            안전 상태란 모든 프로세스가 끝까지 실행될 수 있는 순서(안전 순서)가 존재하는 상태이다.
            """,
            // 8
            """
            6. 메모리 관리
            연속 할당에서는 외부 단편화가 생긴다.
            - 외부 단편화(External Fragmentation): 남은 메모리의 총량은 충분하지만 흩어져 있어 할당할 수 없는 문제이다.
            - 내부 단편화(Internal Fragmentation): 할당된 공간이 요청보다 커서 그 안에 남는 공간이 낭비되는 문제이다.

            6.1 페이징(Paging)
            페이징은 논리 주소 공간을 같은 크기의 페이지로, 물리 메모리를 같은 크기의 프레임으로 나누어 페이지를 아무 프레임에나 배치하는 기법이다.
            - 논리 주소는 페이지 번호(p)와 페이지 오프셋(d)으로 나뉘고, 페이지 테이블이 페이지 번호를 프레임 번호로 바꾼다.
            - 페이지 크기가 4KB이면 32비트 논리 주소의 상위 20비트가 페이지 번호, 하위 12비트가 오프셋이다.
            - 외부 단편화는 생기지 않지만 마지막 페이지에 내부 단편화가 생길 수 있다.
            - TLB(Translation Look-aside Buffer)는 자주 쓰는 페이지 테이블 항목을 저장하는 하드웨어 캐시로, 주소 변환을 빠르게 한다.

            6.2 세그멘테이션(Segmentation)
            세그멘테이션은 프로그램을 코드, 데이터, 스택처럼 논리적 의미를 가진 가변 크기의 세그먼트로 나누어 할당하는 기법이다.
            - 논리 주소는 세그먼트 번호(s)와 오프셋(d)으로 이루어진다.
            - 세그먼트 테이블의 각 항목은 세그먼트의 시작 주소인 기준(base)과 길이인 한계(limit)를 가진다.
            - 오프셋이 한계 이상이면 주소 오류 트랩이 발생한다.
            - 내부 단편화는 없지만 외부 단편화가 생긴다.

            \(render("표 4. 페이징과 세그멘테이션 비교", pagingVsSegmentation))
            """,
            // 9
            """
            7. 가상 메모리(Virtual Memory)
            가상 메모리는 프로세스 전체가 메모리에 올라와 있지 않아도 실행할 수 있게 하여 물리 메모리보다 큰 주소 공간을 제공하는 기법이다.
            - 요구 페이징(Demand Paging): 페이지가 실제로 필요할 때에만 메모리에 적재한다.
            - 페이지 테이블의 유효-무효 비트(valid-invalid bit)로 페이지가 메모리에 있는지 표시한다.

            7.1 페이지 부재(Page Fault)
            페이지 부재는 접근하려는 페이지가 메모리에 없을 때 발생하는 트랩이다.
            처리 과정: ① 운영체제로 트랩 ② 빈 프레임 확보(없으면 페이지 교체) ③ 디스크에서 페이지를 읽어 옴 ④ 페이지 테이블 갱신 ⑤ 중단된 명령어 다시 실행
            - 유효 접근 시간 = (1 − p) × 메모리 접근 시간 + p × 페이지 부재 처리 시간 (p: 페이지 부재율)
            - 페이지 부재 처리에는 디스크 입출력이 들어가므로 페이지 부재율을 아주 낮게 유지해야 한다.

            7.2 스래싱(Thrashing)
            스래싱은 프로세스가 실제 실행보다 페이지 교체에 더 많은 시간을 쓰는 현상이다.
            - 다중 프로그래밍 정도를 지나치게 높이면 프로세스마다 프레임이 모자라 스래싱이 일어난다.
            - 작업 집합(Working Set) 모델이나 페이지 부재 빈도(PFF) 방식으로 프레임 수를 조절해 막는다.
            """,
            // 10
            """
            8. 페이지 교체 알고리즘
            페이지 교체는 빈 프레임이 없을 때 메모리에 있는 페이지 중 하나를 골라 내보내고 그 자리에 필요한 페이지를 올리는 것이다.
            - FIFO: 메모리에 가장 먼저 들어온 페이지를 교체한다.
            - OPT(Optimal): 앞으로 가장 오랫동안 사용되지 않을 페이지를 교체한다.
            - LRU(Least Recently Used): 가장 오랫동안 사용되지 않은 페이지를 교체한다.
            OPT는 페이지 부재율이 가장 낮지만 미래의 참조를 알아야 하므로 실제로는 구현할 수 없고, 다른 알고리즘을 평가하는 기준으로 쓴다.
            LRU는 최근의 과거를 가까운 미래의 근사로 사용하며, 참조 비트를 쓰는 2차 기회(클럭) 알고리즘으로 근사하기도 한다.
            벨레이디의 모순(Belady's Anomaly): FIFO에서는 프레임 수를 늘려도 페이지 부재가 오히려 늘어날 수 있다.
            - 예: 참조열 1 2 3 4 1 2 5 1 2 3 4 5에서 프레임 3개는 9회, 프레임 4개는 10회 부재가 난다.

            예제: 참조열 7 0 1 2 0 3 0 4 2 3 0 3 2 1 2 0 1 7 0 1, 프레임 3개
            \(render("표 5. 페이지 교체 알고리즘 비교", replacement))
            """,
        ]
    }

    static let operatingSystems: DemoNote = {
        let title = "운영체제 — 프로세스와 스레드, 스케줄링, 동기화, 메모리"
        let concepts = [
            Concept(id: "demo-os-process", name: "프로세스(Process)",
                    summary: "프로세스는 실행 중인 프로그램이다. 프로세스는 코드, 데이터, 힙, 스택 영역으로 이루어진 자신만의 주소 공간을 가진다. 운영체제는 프로세스마다 프로세스 제어 블록(PCB, Process Control Block)을 두고 프로세스의 정보를 관리한다.",
                    definition: "프로세스는 실행 중인 프로그램이다.",
                    keyPoints: [
                        "프로그램은 디스크에 저장된 수동적인 실행 파일이고, 프로세스는 메모리에 적재되어 CPU에서 실행되는 능동적인 개체이다.",
                        "PCB에는 프로세스 ID, 프로세스 상태, 프로그램 카운터, CPU 레지스터, 스케줄링 정보, 메모리 관리 정보, 열린 파일 목록이 저장된다.",
                        "프로세스는 생성(new), 준비(ready), 실행(running), 대기(waiting), 종료(terminated) 상태를 오간다.",
                        "실행 → 대기: 입출력이나 이벤트를 기다린다.",
                    ],
                    pages: [1, 2]),
            Concept(id: "demo-os-context-switch", name: "문맥 교환(Context Switch)",
                    summary: "문맥 교환은 CPU를 다른 프로세스에 넘겨줄 때 현재 프로세스의 상태를 PCB에 저장하고 다음 프로세스의 상태를 PCB에서 복원하는 작업이다. 문맥 교환 중에 CPU는 유용한 일을 하지 못하므로 문맥 교환 시간은 순수한 오버헤드이다.",
                    definition: "문맥 교환은 CPU를 다른 프로세스에 넘겨줄 때 현재 프로세스의 상태를 PCB에 저장하고 다음 프로세스의 상태를 PCB에서 복원하는 작업이다.",
                    keyPoints: [
                        "문맥 교환 중에 CPU는 유용한 일을 하지 못하므로 문맥 교환 시간은 순수한 오버헤드이다.",
                        "실행 → 준비: 타이머 인터럽트로 CPU를 빼앗긴다.",
                        "스레드의 생성과 문맥 교환은 프로세스보다 비용이 적게 든다.",
                        "시간 할당량이 너무 크면 FCFS와 같아지고, 너무 작으면 문맥 교환 오버헤드가 커진다.",
                    ],
                    pages: [2, 3, 5]),
            Concept(id: "demo-os-thread", name: "스레드(Thread)",
                    summary: "스레드는 프로세스 안에서 실행되는 흐름의 단위로, CPU 이용의 기본 단위이다. 같은 프로세스에 속한 스레드들은 코드, 데이터, 힙 영역과 열린 파일 같은 자원을 공유한다.",
                    definition: "스레드는 프로세스 안에서 실행되는 흐름의 단위로, CPU 이용의 기본 단위이다.",
                    keyPoints: [
                        "각 스레드는 자신만의 스레드 ID, 프로그램 카운터, 레지스터 집합, 스택을 가진다.",
                        "응답성: 한 스레드가 입출력을 기다리는 동안에도 다른 스레드가 사용자에게 응답할 수 있다.",
                        "경제성: 스레드의 생성과 문맥 교환은 프로세스보다 비용이 적게 든다.",
                        "확장성: 멀티코어 시스템에서 여러 스레드가 서로 다른 코어에서 병렬로 실행될 수 있다.",
                        "주의: 공유 데이터에 여러 스레드가 동시에 접근하므로 동기화가 필요하다.",
                    ],
                    comparison: OS.processVsThread,
                    pages: [3]),
            Concept(id: "demo-os-scheduling", name: "CPU 스케줄링",
                    summary: "CPU 스케줄링은 준비 큐에 있는 프로세스 중 어느 프로세스에 CPU를 할당할지 결정하는 일이다. FCFS는 준비 큐에 먼저 도착한 프로세스부터 CPU를 할당하는 비선점 방식이다. RR은 각 프로세스에 같은 크기의 시간 할당량(time quantum)만큼 CPU를 주고, 다 쓰면 준비 큐의 맨 뒤로 보내는 선점 방식이다.",
                    definition: "CPU 스케줄링은 준비 큐에 있는 프로세스 중 어느 프로세스에 CPU를 할당할지 결정하는 일이다.",
                    keyPoints: [
                        "스케줄링 기준: CPU 이용률, 처리량, 총처리 시간(turnaround time), 대기 시간, 응답 시간",
                        "호위 효과(Convoy Effect): 긴 프로세스 하나 뒤에서 짧은 프로세스들이 오래 기다리는 현상이다.",
                        "주어진 프로세스 집합에 대해 평균 대기 시간이 최소가 되는 최적 알고리즘이다.",
                        "시간 할당량이 너무 크면 FCFS와 같아지고, 너무 작으면 문맥 교환 오버헤드가 커진다.",
                        "에이징(Aging): 오래 기다린 프로세스의 우선순위를 점차 높여 기아를 해결한다.",
                        "SJF는 다음 CPU 버스트 길이를 우선순위로 쓰는 우선순위 스케줄링의 특수한 경우이다.",
                    ],
                    comparison: OS.scheduling,
                    pages: [4, 5]),
            Concept(id: "demo-os-critical-section", name: "임계 구역(Critical Section)",
                    summary: "경쟁 조건(Race Condition)은 여러 프로세스나 스레드가 공유 데이터에 동시에 접근할 때 실행 순서에 따라 결과가 달라지는 상황이다. 임계 구역은 공유 자원에 접근하는 코드 영역으로, 한 번에 하나의 프로세스만 실행해야 한다.",
                    definition: "임계 구역은 공유 자원에 접근하는 코드 영역으로, 한 번에 하나의 프로세스만 실행해야 한다.",
                    keyPoints: [
                        "예: count++는 읽기, 더하기, 쓰기의 세 명령어로 실행되므로 도중에 문맥 교환이 일어나면 한쪽의 갱신이 사라질 수 있다.",
                        "상호 배제(Mutual Exclusion): 한 프로세스가 임계 구역에서 실행 중이면 다른 프로세스는 임계 구역에 들어갈 수 없다.",
                        "진행(Progress): 임계 구역이 비어 있으면 들어가려는 프로세스 중 하나가 유한한 시간 안에 들어갈 수 있어야 한다.",
                        "한정된 대기(Bounded Waiting): 한 프로세스가 진입을 요청한 뒤 다른 프로세스가 먼저 들어가는 횟수에는 한계가 있어야 한다.",
                    ],
                    pages: [6]),
            Concept(id: "demo-os-semaphore", name: "뮤텍스와 세마포어",
                    summary: "뮤텍스는 임계 구역에 들어갈 때 락을 획득(acquire)하고 나올 때 해제(release)하는 상호 배제 도구이다. 세마포어는 정수 변수 S와 두 원자적 연산 wait(P)와 signal(V)로 자원 접근을 제어하는 동기화 도구이다.",
                    definition: "세마포어는 정수 변수 S와 두 원자적 연산 wait(P)와 signal(V)로 자원 접근을 제어하는 동기화 도구이다.",
                    keyPoints: [
                        "wait(S): S가 0보다 커질 때까지 기다린 뒤 S를 1 감소시킨다.",
                        "signal(S): S를 1 증가시켜 기다리던 프로세스가 진행할 수 있게 한다.",
                        "이진 세마포어는 0과 1만 가지며 뮤텍스처럼 쓰이고, 계수 세마포어는 개수가 정해진 자원을 관리한다.",
                        "락을 얻을 때까지 반복문을 돌며 기다리는 뮤텍스를 스핀락(spinlock)이라고 한다.",
                    ],
                    comparison: OS.mutexVsSemaphore,
                    pages: [6]),
            Concept(id: "demo-os-deadlock", name: "교착 상태(Deadlock)",
                    summary: "교착 상태는 둘 이상의 프로세스가 서로 상대가 가진 자원을 기다리며 영원히 진행하지 못하는 상태이다. 다음 네 조건이 동시에 모두 성립해야 교착 상태가 발생한다.",
                    definition: "교착 상태는 둘 이상의 프로세스가 서로 상대가 가진 자원을 기다리며 영원히 진행하지 못하는 상태이다.",
                    keyPoints: [
                        "상호 배제(Mutual Exclusion): 자원을 한 번에 한 프로세스만 사용할 수 있다.",
                        "점유와 대기(Hold and Wait): 프로세스가 자원을 가진 채 다른 자원을 기다린다.",
                        "비선점(No Preemption): 다른 프로세스가 가진 자원을 강제로 빼앗을 수 없다.",
                        "순환 대기(Circular Wait): 프로세스들이 원형으로 서로가 가진 자원을 기다린다.",
                        "회피(Avoidance): 자원을 할당한 뒤에도 시스템이 안전 상태로 남을 때에만 요청을 들어준다(은행원 알고리즘, Banker's Algorithm).",
                        "안전 상태란 모든 프로세스가 끝까지 실행될 수 있는 순서(안전 순서)가 존재하는 상태이다.",
                    ],
                    pages: [7]),
            Concept(id: "demo-os-paging", name: "페이징(Paging)",
                    summary: "페이징은 논리 주소 공간을 같은 크기의 페이지로, 물리 메모리를 같은 크기의 프레임으로 나누어 페이지를 아무 프레임에나 배치하는 기법이다. 외부 단편화는 생기지 않지만 마지막 페이지에 내부 단편화가 생길 수 있다.",
                    definition: "페이징은 논리 주소 공간을 같은 크기의 페이지로, 물리 메모리를 같은 크기의 프레임으로 나누어 페이지를 아무 프레임에나 배치하는 기법이다.",
                    keyPoints: [
                        "논리 주소는 페이지 번호(p)와 페이지 오프셋(d)으로 나뉘고, 페이지 테이블이 페이지 번호를 프레임 번호로 바꾼다.",
                        "페이지 크기가 4KB이면 32비트 논리 주소의 상위 20비트가 페이지 번호, 하위 12비트가 오프셋이다.",
                        "TLB(Translation Look-aside Buffer)는 자주 쓰는 페이지 테이블 항목을 저장하는 하드웨어 캐시로, 주소 변환을 빠르게 한다.",
                        "외부 단편화(External Fragmentation): 남은 메모리의 총량은 충분하지만 흩어져 있어 할당할 수 없는 문제이다.",
                    ],
                    comparison: OS.pagingVsSegmentation,
                    pages: [8]),
            Concept(id: "demo-os-segmentation", name: "세그멘테이션(Segmentation)",
                    summary: "세그멘테이션은 프로그램을 코드, 데이터, 스택처럼 논리적 의미를 가진 가변 크기의 세그먼트로 나누어 할당하는 기법이다. 내부 단편화는 없지만 외부 단편화가 생긴다.",
                    definition: "세그멘테이션은 프로그램을 코드, 데이터, 스택처럼 논리적 의미를 가진 가변 크기의 세그먼트로 나누어 할당하는 기법이다.",
                    keyPoints: [
                        "논리 주소는 세그먼트 번호(s)와 오프셋(d)으로 이루어진다.",
                        "세그먼트 테이블의 각 항목은 세그먼트의 시작 주소인 기준(base)과 길이인 한계(limit)를 가진다.",
                        "오프셋이 한계 이상이면 주소 오류 트랩이 발생한다.",
                    ],
                    comparison: OS.pagingVsSegmentation,
                    pages: [8]),
            Concept(id: "demo-os-virtual-memory", name: "가상 메모리(Virtual Memory)",
                    summary: "가상 메모리는 프로세스 전체가 메모리에 올라와 있지 않아도 실행할 수 있게 하여 물리 메모리보다 큰 주소 공간을 제공하는 기법이다. 페이지 부재는 접근하려는 페이지가 메모리에 없을 때 발생하는 트랩이다.",
                    definition: "가상 메모리는 프로세스 전체가 메모리에 올라와 있지 않아도 실행할 수 있게 하여 물리 메모리보다 큰 주소 공간을 제공하는 기법이다.",
                    keyPoints: [
                        "요구 페이징(Demand Paging): 페이지가 실제로 필요할 때에만 메모리에 적재한다.",
                        "처리 과정: ① 운영체제로 트랩 ② 빈 프레임 확보(없으면 페이지 교체) ③ 디스크에서 페이지를 읽어 옴 ④ 페이지 테이블 갱신 ⑤ 중단된 명령어 다시 실행",
                        "유효 접근 시간 = (1 − p) × 메모리 접근 시간 + p × 페이지 부재 처리 시간 (p: 페이지 부재율)",
                        "스래싱은 프로세스가 실제 실행보다 페이지 교체에 더 많은 시간을 쓰는 현상이다.",
                        "작업 집합(Working Set) 모델이나 페이지 부재 빈도(PFF) 방식으로 프레임 수를 조절해 막는다.",
                    ],
                    pages: [9]),
            Concept(id: "demo-os-page-replacement", name: "페이지 교체 알고리즘",
                    summary: "페이지 교체는 빈 프레임이 없을 때 메모리에 있는 페이지 중 하나를 골라 내보내고 그 자리에 필요한 페이지를 올리는 것이다. OPT는 페이지 부재율이 가장 낮지만 미래의 참조를 알아야 하므로 실제로는 구현할 수 없고, 다른 알고리즘을 평가하는 기준으로 쓴다.",
                    definition: "페이지 교체는 빈 프레임이 없을 때 메모리에 있는 페이지 중 하나를 골라 내보내고 그 자리에 필요한 페이지를 올리는 것이다.",
                    keyPoints: [
                        "FIFO: 메모리에 가장 먼저 들어온 페이지를 교체한다.",
                        "OPT(Optimal): 앞으로 가장 오랫동안 사용되지 않을 페이지를 교체한다.",
                        "LRU(Least Recently Used): 가장 오랫동안 사용되지 않은 페이지를 교체한다.",
                        "LRU는 최근의 과거를 가까운 미래의 근사로 사용하며, 참조 비트를 쓰는 2차 기회(클럭) 알고리즘으로 근사하기도 한다.",
                        "벨레이디의 모순(Belady's Anomaly): FIFO에서는 프레임 수를 늘려도 페이지 부재가 오히려 늘어날 수 있다.",
                    ],
                    comparison: OS.replacement,
                    pages: [10]),
        ]
        let keywords = [
            Keyword(term: "프로세스", relatedTerms: ["PCB", "문맥 교환", "스레드"]),
            Keyword(term: "스레드", relatedTerms: ["스택", "멀티코어", "동기화"]),
            Keyword(term: "PCB", relatedTerms: ["프로그램 카운터", "프로세스 상태", "문맥 교환"]),
            Keyword(term: "문맥 교환", relatedTerms: ["오버헤드", "PCB", "타이머 인터럽트"]),
            Keyword(term: "CPU 스케줄링", relatedTerms: ["준비 큐", "선점", "대기 시간"]),
            Keyword(term: "FCFS", relatedTerms: ["호위 효과", "비선점"]),
            Keyword(term: "SJF", relatedTerms: ["CPU 버스트", "SRTF", "평균 대기 시간"]),
            Keyword(term: "RR", relatedTerms: ["시간 할당량", "시분할 시스템", "선점"]),
            Keyword(term: "우선순위 스케줄링", relatedTerms: ["기아", "에이징"]),
            Keyword(term: "경쟁 조건", relatedTerms: ["공유 데이터", "임계 구역"]),
            Keyword(term: "임계 구역", relatedTerms: ["상호 배제", "진행", "한정된 대기"]),
            Keyword(term: "세마포어", relatedTerms: ["wait(S)", "signal(S)", "이진 세마포어", "계수 세마포어"]),
            Keyword(term: "뮤텍스", relatedTerms: ["락", "스핀락", "상호 배제"]),
            Keyword(term: "교착 상태", relatedTerms: ["점유와 대기", "비선점", "순환 대기", "은행원 알고리즘"]),
            Keyword(term: "페이징", relatedTerms: ["페이지 테이블", "프레임", "TLB", "내부 단편화"]),
            Keyword(term: "세그멘테이션", relatedTerms: ["세그먼트 테이블", "외부 단편화"]),
            Keyword(term: "가상 메모리", relatedTerms: ["요구 페이징", "페이지 부재", "스래싱"]),
            Keyword(term: "페이지 교체", relatedTerms: ["FIFO", "LRU", "OPT", "벨레이디의 모순"]),
        ]
        return DemoNote(title: title, category: .major, fileName: "운영체제_강의노트.pdf",
                        document: document(OS.pages, outline: [
                            ("1. 프로세스(Process)", 1), ("2. 스레드(Thread)", 3), ("3. CPU 스케줄링", 4), ("4. 프로세스 동기화", 6),
                            ("5. 교착 상태(Deadlock)", 7), ("6. 메모리 관리", 8), ("7. 가상 메모리(Virtual Memory)", 9), ("8. 페이지 교체 알고리즘", 10),
                        ], metadataTitle: "운영체제 강의 노트"),
                        analysis: NoteAnalysis(title: title, concepts: concepts, keywords: keywords))
    }()
}

// MARK: - 데이터베이스

extension DemoNotes {
    private enum DB {
        static let keys = ComparisonTable(
            columns: ["키", "유일성", "최소성", "특징"],
            rows: [
                ["슈퍼키", "만족", "필요 없음", "튜플을 식별할 수 있기만 하면 된다"],
                ["후보키", "만족", "만족", "기본키가 될 수 있는 키"],
                ["기본키", "만족", "만족", "후보키 중 하나, NULL과 중복 불가"],
                ["외래키", "필요 없음", "필요 없음", "다른 릴레이션의 기본키를 참조, NULL 허용 가능"],
            ])
        static let sqlKinds = ComparisonTable(
            columns: ["분류", "명령어", "역할"],
            rows: [
                ["DDL(데이터 정의어)", "CREATE, ALTER, DROP", "테이블 같은 스키마를 정의·변경·삭제"],
                ["DML(데이터 조작어)", "SELECT, INSERT, UPDATE, DELETE", "데이터를 조회·삽입·수정·삭제"],
                ["DCL(데이터 제어어)", "GRANT, REVOKE", "접근 권한을 부여·회수"],
                ["TCL(트랜잭션 제어어)", "COMMIT, ROLLBACK", "트랜잭션을 확정·취소"],
            ])
        static let joins = ComparisonTable(
            columns: ["조인", "결과에 포함되는 튜플"],
            rows: [
                ["INNER JOIN", "양쪽에서 조인 조건을 만족하는 튜플만"],
                ["LEFT OUTER JOIN", "왼쪽의 모든 튜플과 오른쪽의 일치하는 튜플(없으면 NULL)"],
                ["RIGHT OUTER JOIN", "오른쪽의 모든 튜플과 왼쪽의 일치하는 튜플(없으면 NULL)"],
                ["FULL OUTER JOIN", "양쪽의 모든 튜플(짝이 없으면 NULL)"],
            ])
        static let normalForms = ComparisonTable(
            columns: ["정규형", "조건", "없애는 것"],
            rows: [
                ["1NF", "모든 속성값이 원자값", "반복 그룹, 다중값 속성"],
                ["2NF", "1NF + 부분 함수 종속 없음", "부분 함수 종속"],
                ["3NF", "2NF + 이행적 함수 종속 없음", "이행적 함수 종속"],
                ["BCNF", "모든 결정자가 후보키", "후보키가 아닌 결정자"],
            ])
        static let acid = ComparisonTable(
            columns: ["성질", "뜻", "보장하는 기법"],
            rows: [
                ["원자성(Atomicity)", "모두 반영되거나 전혀 반영되지 않는다", "회복 기법(로그를 이용한 UNDO)"],
                ["일관성(Consistency)", "무결성 제약조건을 만족하는 상태를 유지한다", "무결성 제약조건과 응용 프로그램"],
                ["격리성(Isolation)", "동시에 실행되는 트랜잭션이 서로 간섭하지 않는다", "동시성 제어(로킹)"],
                ["지속성(Durability)", "커밋된 결과는 장애가 나도 보존된다", "회복 기법(로그를 이용한 REDO)"],
            ])
        static let isolationLevels = ComparisonTable(
            columns: ["격리 수준", "오손 읽기", "반복 불가능한 읽기", "팬텀 읽기"],
            rows: [
                ["READ UNCOMMITTED", "발생", "발생", "발생"],
                ["READ COMMITTED", "방지", "발생", "발생"],
                ["REPEATABLE READ", "방지", "방지", "발생"],
                ["SERIALIZABLE", "방지", "방지", "방지"],
            ])
        static let lockCompatibility = ComparisonTable(
            columns: ["요청하는 락", "공유 락(S)을 다른 트랜잭션이 보유", "배타 락(X)을 다른 트랜잭션이 보유"],
            rows: [
                ["공유 락(S)", "허용", "대기"],
                ["배타 락(X)", "대기", "대기"],
            ])
        static let clustered = ComparisonTable(
            columns: ["구분", "클러스터드 인덱스", "논클러스터드 인덱스"],
            rows: [
                ["레코드 순서", "인덱스 키 순서대로 물리적으로 정렬", "레코드의 물리적 순서와 무관"],
                ["개수", "테이블당 하나", "여러 개 만들 수 있다"],
                ["범위 검색", "연속된 블록을 읽으므로 빠르다", "레코드마다 따로 찾아가야 한다"],
            ])

        static let pages: [String] = [
            // 1
            """
            데이터베이스 강의 노트 — 관계형 모델, SQL, 정규화, 트랜잭션, 인덱스

            1. 관계형 데이터 모델
            관계형 모델은 데이터를 릴레이션(테이블)의 집합으로 표현하는 데이터 모델이다.
            - 릴레이션(Relation): 행과 열로 이루어진 2차원 테이블
            - 튜플(Tuple): 릴레이션의 행 하나, 즉 하나의 레코드
            - 속성(Attribute): 릴레이션의 열, 데이터의 가장 작은 논리적 단위
            - 도메인(Domain): 하나의 속성이 가질 수 있는 원자값들의 집합
            - 차수(Degree)는 속성의 수이고, 카디널리티(Cardinality)는 튜플의 수이다.
            릴레이션 스키마는 릴레이션의 이름과 속성들의 구조이고, 릴레이션 인스턴스는 어느 시점에 저장된 튜플들의 집합이다.

            1.1 릴레이션의 특성
            - 한 릴레이션에 똑같은 튜플은 존재할 수 없다.
            - 튜플 사이에는 순서가 없다.
            - 속성 사이에도 순서가 없다.
            - 모든 속성값은 더 이상 나눌 수 없는 원자값이다.
            """,
            // 2
            """
            2. 키(Key)
            키는 릴레이션에서 튜플을 유일하게 구별하는 데 쓰는 속성 또는 속성들의 집합이다.
            - 유일성: 키 값으로 모든 튜플을 서로 구별할 수 있다.
            - 최소성: 키를 이루는 속성 중 하나라도 빼면 유일성이 깨진다.
            - 슈퍼키(Super Key): 유일성을 만족하는 속성 또는 속성들의 집합이다.
            - 후보키(Candidate Key): 유일성과 최소성을 모두 만족하는 속성 또는 속성들의 집합이다.
            - 기본키(Primary Key): 후보키 중에서 선택한 대표 키로, NULL 값이나 중복 값을 가질 수 없다.
            - 대체키(Alternate Key): 기본키로 선택되지 않은 나머지 후보키이다.
            - 외래키(Foreign Key): 다른 릴레이션의 기본키를 참조하는 속성으로, 릴레이션 사이의 관계를 나타낸다.
            예: 학생(학번, 주민번호, 이름, 학과코드)에서 학번과 주민번호는 각각 후보키이고, {학번, 이름}은 슈퍼키이지만 최소성을 만족하지 않아 후보키가 아니다.
            학과코드가 학과(학과코드, 학과명)의 기본키를 참조하면 학생의 학과코드는 외래키이다.

            \(DemoNotes.render("표 1. 키의 종류", keys))

            2.1 무결성 제약조건
            - 개체 무결성(Entity Integrity): 기본키를 이루는 속성은 NULL 값이나 중복 값을 가질 수 없다.
            - 참조 무결성(Referential Integrity): 외래키 값은 NULL이거나 참조하는 릴레이션의 기본키 값 중 하나여야 한다.
            - 도메인 무결성(Domain Integrity): 속성값은 그 속성의 도메인에 속한 값이어야 한다.
            - 참조되는 튜플을 지울 때의 처리는 ON DELETE CASCADE, SET NULL, RESTRICT 같은 옵션으로 정한다.
            """,
            // 3
            """
            3. SQL
            SQL(Structured Query Language)은 관계형 데이터베이스에서 데이터를 정의하고 조작하고 제어하는 표준 질의어이다.

            \(DemoNotes.render("표 2. SQL 명령어의 분류", sqlKinds))

            3.1 SELECT 문
            SELECT 학과코드, COUNT(*) AS 학생수
            FROM 학생
            WHERE 학년 >= 2
            GROUP BY 학과코드
            HAVING COUNT(*) >= 10
            ORDER BY 학생수 DESC;
            - SELECT 문은 논리적으로 FROM → WHERE → GROUP BY → HAVING → SELECT → ORDER BY 순서로 처리된다.
            - WHERE는 그룹을 만들기 전에 행을 거르고, HAVING은 그룹을 만든 뒤에 그룹을 거른다.
            - 집계 함수: COUNT, SUM, AVG, MAX, MIN
            - NULL과의 비교는 = 대신 IS NULL, IS NOT NULL로 한다.
            """,
            // 4
            """
            4. 조인(Join)
            조인은 두 릴레이션에서 공통 속성을 기준으로 관련된 튜플들을 결합하는 연산이다.
            SELECT s.이름, d.학과명
            FROM 학생 s INNER JOIN 학과 d ON s.학과코드 = d.학과코드;
            - 내부 조인(INNER JOIN): 조인 조건을 만족하는 튜플만 결과에 포함한다.
            - 외부 조인(OUTER JOIN): 조건을 만족하지 않는 튜플도 결과에 포함하고, 짝이 없는 쪽의 속성은 NULL로 채운다.
            - 자연 조인(NATURAL JOIN): 이름이 같은 속성으로 동등 조인을 하고 중복된 열은 하나만 남긴다.
            - 셀프 조인(SELF JOIN): 한 테이블을 자기 자신과 조인한다. 예: 직원과 그 직원의 관리자

            \(DemoNotes.render("표 3. 조인의 종류", joins))

            4.1 조인 알고리즘
            - 중첩 루프 조인(Nested Loop Join): 바깥 테이블의 각 행마다 안쪽 테이블을 탐색한다. 안쪽 테이블에 인덱스가 있으면 효율적이다.
            - 정렬 병합 조인(Sort-Merge Join): 두 테이블을 조인 속성으로 정렬한 뒤 차례로 병합한다.
            - 해시 조인(Hash Join): 작은 테이블로 해시 테이블을 만들고 큰 테이블을 읽으며 찾는다. 동등 조인에만 쓸 수 있다.
            """,
            // 5
            """
            5. 이상 현상과 함수 종속
            이상 현상(Anomaly)은 중복이 많은 릴레이션에서 데이터를 삽입, 삭제, 갱신할 때 생기는 예기치 않은 문제이다.
            예: 수강(학번, 과목번호, 성적, 학년) — 학년이 수강한 과목 수만큼 중복 저장된다.
            - 삽입 이상: 원하지 않는 정보까지 함께 넣어야만 데이터를 삽입할 수 있다. 예: 아직 수강 신청을 하지 않은 학생의 학년을 넣을 수 없다.
            - 삭제 이상: 튜플을 지우면 필요한 정보까지 함께 사라진다.
            - 갱신 이상: 중복된 값 중 일부만 수정되어 데이터가 서로 맞지 않게 된다.

            5.1 함수 종속(Functional Dependency)
            속성 X의 값이 속성 Y의 값을 하나로 결정할 때 Y는 X에 함수적으로 종속된다고 하고 X → Y로 표기한다.
            - X를 결정자(Determinant), Y를 종속자라고 한다.
            - 완전 함수 종속: Y가 X 전체에 종속되고 X의 어떤 진부분집합에도 종속되지 않는다.
            - 부분 함수 종속: Y가 기본키 X의 일부에만 종속된다. 예: {학번, 과목번호} → 학년이지만 학번 → 학년
            - 이행적 함수 종속: X → Y이고 Y → Z이면 X → Z가 성립한다. 예: 학번 → 학과, 학과 → 학과장
            """,
            // 6
            """
            6. 정규화(Normalization)
            정규화는 함수 종속을 이용해 릴레이션을 분해하여 중복과 이상 현상을 줄이는 과정이다.
            - 제1정규형(1NF): 모든 속성의 도메인이 원자값만으로 이루어져 있다.
            - 제2정규형(2NF): 1NF이고, 기본키가 아닌 모든 속성이 기본키에 완전 함수 종속이다.
            - 제3정규형(3NF): 2NF이고, 기본키가 아닌 모든 속성이 기본키에 이행적 함수 종속이 아니다.
            - BCNF(Boyce-Codd Normal Form): 모든 결정자가 후보키이다.
            예 (2NF): 수강(학번, 과목번호, 성적, 학년)을 수강(학번, 과목번호, 성적)과 학생(학번, 학년)으로 분해한다.
            예 (3NF): 학생(학번, 학과, 학과장)을 학생(학번, 학과)과 학과(학과, 학과장)로 분해한다.
            예 (BCNF): 수강(학번, 과목, 교수)에서 교수 → 과목이지만 교수는 후보키가 아니므로 (학번, 교수)와 (교수, 과목)으로 분해한다.
            분해는 원래 릴레이션을 조인으로 되살릴 수 있는 무손실 분해여야 한다.
            정규화가 지나치면 조인이 늘어 조회 성능이 떨어질 수 있어, 의도적으로 반정규화(Denormalization)를 하기도 한다.

            \(DemoNotes.render("표 4. 정규형 정리", normalForms))
            """,
            // 7
            """
            7. 트랜잭션(Transaction)
            트랜잭션은 데이터베이스의 상태를 바꾸는 하나의 논리적 작업 단위로, 전부 실행되거나 전혀 실행되지 않아야 한다.
            예: 계좌 이체에서 A 계좌에서 10만 원을 빼는 UPDATE와 B 계좌에 10만 원을 더하는 UPDATE는 하나의 트랜잭션이다.
            - 원자성(Atomicity): 트랜잭션의 연산은 모두 반영되거나 전혀 반영되지 않아야 한다.
            - 일관성(Consistency): 트랜잭션이 성공적으로 끝나면 데이터베이스는 무결성 제약조건을 만족하는 일관된 상태를 유지한다.
            - 격리성(Isolation): 동시에 실행되는 트랜잭션들은 서로의 중간 결과에 간섭할 수 없다.
            - 지속성(Durability): 커밋된 트랜잭션의 결과는 시스템에 장애가 생겨도 영구히 보존된다.
            - COMMIT은 트랜잭션의 변경을 확정하고, ROLLBACK은 트랜잭션을 취소하여 시작하기 전 상태로 되돌린다.
            - 트랜잭션의 상태: 활동(Active), 부분 완료(Partially Committed), 완료(Committed), 실패(Failed), 철회(Aborted)

            \(DemoNotes.render("표 5. ACID 성질", acid))
            """,
            // 8
            """
            8. 동시성 제어(Concurrency Control)
            동시성 제어는 여러 트랜잭션을 동시에 실행해도 그 결과가 어떤 직렬 실행의 결과와 같아지도록 실행 순서를 조정하는 것이다.
            - 이런 성질을 직렬 가능성(Serializability)이라고 한다.
            - 갱신 손실(Lost Update): 두 트랜잭션이 같은 데이터를 갱신할 때 한쪽의 갱신이 사라진다.
            - 오손 읽기(Dirty Read): 아직 커밋되지 않은 데이터를 다른 트랜잭션이 읽는다.
            - 반복 불가능한 읽기(Non-repeatable Read): 같은 데이터를 두 번 읽는 사이에 다른 트랜잭션이 값을 바꾸어 결과가 달라진다.
            - 팬텀 읽기(Phantom Read): 같은 조건으로 두 번 조회하는 사이에 다른 트랜잭션이 삽입한 행이 새로 나타난다.

            \(DemoNotes.render("표 6. SQL 표준의 격리 수준", isolationLevels))

            8.1 2단계 로킹(2PL, Two-Phase Locking)
            로킹은 트랜잭션이 데이터를 사용하기 전에 락을 얻고 사용한 뒤 해제하는 방식이다.
            - 공유 락(S)은 읽기에, 배타 락(X)은 쓰기에 쓰며, 공유 락끼리만 함께 걸 수 있다.
            2단계 로킹 규약은 각 트랜잭션이 락을 얻기만 하는 확장 단계와 락을 풀기만 하는 축소 단계를 차례로 거치게 하는 규약이다.
            - 확장 단계(Growing Phase): 락을 얻을 수만 있고 해제할 수는 없다.
            - 축소 단계(Shrinking Phase): 락을 해제할 수만 있고 새로 얻을 수는 없다.
            - 모든 트랜잭션이 2PL을 지키면 직렬 가능성이 보장되지만, 교착 상태는 막지 못한다.
            - 엄격한 2PL(Strict 2PL): 배타 락을 커밋이나 철회할 때까지 쥐고 있어 연쇄 복귀(Cascading Rollback)를 막는다.

            \(DemoNotes.render("표 7. 락 호환성", lockCompatibility))
            """,
            // 9
            """
            9. 인덱스(Index)
            인덱스는 검색을 빠르게 하기 위해 키 값과 그 키를 가진 레코드의 위치를 정렬해 저장한 자료 구조이다.
            - 인덱스가 없으면 조건에 맞는 행을 찾으려고 테이블 전체를 읽어야 한다(전체 테이블 스캔).
            - 인덱스는 조회를 빠르게 하지만 INSERT, UPDATE, DELETE 때 인덱스도 고쳐야 하므로 쓰기가 느려지고 저장 공간이 더 든다.
            - 성별처럼 서로 다른 값이 적은 열에는 인덱스의 효과가 작다.

            9.1 B+트리
            B+트리는 모든 키와 레코드 포인터를 리프 노드에 두고 리프 노드들을 연결 리스트로 이어 범위 검색을 빠르게 하는 균형 트리이다.
            - 내부 노드는 탐색 경로를 안내하는 키만 가진다.
            - 루트에서 모든 리프까지의 깊이가 같아 검색, 삽입, 삭제가 O(log n)에 끝난다.
            - 노드가 가득 차면 분할(split)되고, 너무 비면 이웃 노드와 합쳐진다.
            - 해시 인덱스는 동등 검색은 빠르지만 범위 검색에는 쓸 수 없다.

            \(DemoNotes.render("표 8. 클러스터드 인덱스와 논클러스터드 인덱스", clustered))
            """,
        ]
    }

    static let databases: DemoNote = {
        let title = "데이터베이스 — 관계형 모델, SQL, 정규화, 트랜잭션, 인덱스"
        let concepts = [
            Concept(id: "demo-db-relational-model", name: "관계형 데이터 모델",
                    summary: "관계형 모델은 데이터를 릴레이션(테이블)의 집합으로 표현하는 데이터 모델이다. 릴레이션 스키마는 릴레이션의 이름과 속성들의 구조이고, 릴레이션 인스턴스는 어느 시점에 저장된 튜플들의 집합이다.",
                    definition: "관계형 모델은 데이터를 릴레이션(테이블)의 집합으로 표현하는 데이터 모델이다.",
                    keyPoints: [
                        "튜플(Tuple): 릴레이션의 행 하나, 즉 하나의 레코드",
                        "도메인(Domain): 하나의 속성이 가질 수 있는 원자값들의 집합",
                        "차수(Degree)는 속성의 수이고, 카디널리티(Cardinality)는 튜플의 수이다.",
                        "한 릴레이션에 똑같은 튜플은 존재할 수 없다.",
                        "모든 속성값은 더 이상 나눌 수 없는 원자값이다.",
                    ],
                    pages: [1]),
            Concept(id: "demo-db-keys", name: "키(Key)",
                    summary: "키는 릴레이션에서 튜플을 유일하게 구별하는 데 쓰는 속성 또는 속성들의 집합이다. 학과코드가 학과(학과코드, 학과명)의 기본키를 참조하면 학생의 학과코드는 외래키이다.",
                    definition: "키는 릴레이션에서 튜플을 유일하게 구별하는 데 쓰는 속성 또는 속성들의 집합이다.",
                    keyPoints: [
                        "후보키(Candidate Key): 유일성과 최소성을 모두 만족하는 속성 또는 속성들의 집합이다.",
                        "기본키(Primary Key): 후보키 중에서 선택한 대표 키로, NULL 값이나 중복 값을 가질 수 없다.",
                        "외래키(Foreign Key): 다른 릴레이션의 기본키를 참조하는 속성으로, 릴레이션 사이의 관계를 나타낸다.",
                        "예: 학생(학번, 주민번호, 이름, 학과코드)에서 학번과 주민번호는 각각 후보키이고, {학번, 이름}은 슈퍼키이지만 최소성을 만족하지 않아 후보키가 아니다.",
                    ],
                    comparison: DB.keys,
                    pages: [2]),
            Concept(id: "demo-db-integrity", name: "무결성 제약조건",
                    summary: "개체 무결성(Entity Integrity): 기본키를 이루는 속성은 NULL 값이나 중복 값을 가질 수 없다. 참조 무결성(Referential Integrity): 외래키 값은 NULL이거나 참조하는 릴레이션의 기본키 값 중 하나여야 한다.",
                    keyPoints: [
                        "개체 무결성(Entity Integrity): 기본키를 이루는 속성은 NULL 값이나 중복 값을 가질 수 없다.",
                        "참조 무결성(Referential Integrity): 외래키 값은 NULL이거나 참조하는 릴레이션의 기본키 값 중 하나여야 한다.",
                        "도메인 무결성(Domain Integrity): 속성값은 그 속성의 도메인에 속한 값이어야 한다.",
                        "참조되는 튜플을 지울 때의 처리는 ON DELETE CASCADE, SET NULL, RESTRICT 같은 옵션으로 정한다.",
                    ],
                    pages: [2]),
            Concept(id: "demo-db-sql", name: "SQL",
                    summary: "SQL(Structured Query Language)은 관계형 데이터베이스에서 데이터를 정의하고 조작하고 제어하는 표준 질의어이다. SELECT 문은 논리적으로 FROM → WHERE → GROUP BY → HAVING → SELECT → ORDER BY 순서로 처리된다.",
                    definition: "SQL(Structured Query Language)은 관계형 데이터베이스에서 데이터를 정의하고 조작하고 제어하는 표준 질의어이다.",
                    keyPoints: [
                        "SELECT 문은 논리적으로 FROM → WHERE → GROUP BY → HAVING → SELECT → ORDER BY 순서로 처리된다.",
                        "WHERE는 그룹을 만들기 전에 행을 거르고, HAVING은 그룹을 만든 뒤에 그룹을 거른다.",
                        "집계 함수: COUNT, SUM, AVG, MAX, MIN",
                        "NULL과의 비교는 = 대신 IS NULL, IS NOT NULL로 한다.",
                    ],
                    comparison: DB.sqlKinds,
                    pages: [3]),
            Concept(id: "demo-db-join", name: "조인(Join)",
                    summary: "조인은 두 릴레이션에서 공통 속성을 기준으로 관련된 튜플들을 결합하는 연산이다.",
                    definition: "조인은 두 릴레이션에서 공통 속성을 기준으로 관련된 튜플들을 결합하는 연산이다.",
                    keyPoints: [
                        "내부 조인(INNER JOIN): 조인 조건을 만족하는 튜플만 결과에 포함한다.",
                        "외부 조인(OUTER JOIN): 조건을 만족하지 않는 튜플도 결과에 포함하고, 짝이 없는 쪽의 속성은 NULL로 채운다.",
                        "자연 조인(NATURAL JOIN): 이름이 같은 속성으로 동등 조인을 하고 중복된 열은 하나만 남긴다.",
                        "중첩 루프 조인(Nested Loop Join): 바깥 테이블의 각 행마다 안쪽 테이블을 탐색한다.",
                        "해시 조인(Hash Join): 작은 테이블로 해시 테이블을 만들고 큰 테이블을 읽으며 찾는다.",
                    ],
                    comparison: DB.joins,
                    pages: [4]),
            Concept(id: "demo-db-functional-dependency", name: "이상 현상과 함수 종속",
                    summary: "이상 현상(Anomaly)은 중복이 많은 릴레이션에서 데이터를 삽입, 삭제, 갱신할 때 생기는 예기치 않은 문제이다. 속성 X의 값이 속성 Y의 값을 하나로 결정할 때 Y는 X에 함수적으로 종속된다고 하고 X → Y로 표기한다.",
                    definition: "속성 X의 값이 속성 Y의 값을 하나로 결정할 때 Y는 X에 함수적으로 종속된다고 하고 X → Y로 표기한다.",
                    keyPoints: [
                        "삽입 이상: 원하지 않는 정보까지 함께 넣어야만 데이터를 삽입할 수 있다.",
                        "삭제 이상: 튜플을 지우면 필요한 정보까지 함께 사라진다.",
                        "갱신 이상: 중복된 값 중 일부만 수정되어 데이터가 서로 맞지 않게 된다.",
                        "부분 함수 종속: Y가 기본키 X의 일부에만 종속된다.",
                        "이행적 함수 종속: X → Y이고 Y → Z이면 X → Z가 성립한다.",
                    ],
                    pages: [5]),
            Concept(id: "demo-db-normalization", name: "정규화(Normalization)",
                    summary: "정규화는 함수 종속을 이용해 릴레이션을 분해하여 중복과 이상 현상을 줄이는 과정이다. 분해는 원래 릴레이션을 조인으로 되살릴 수 있는 무손실 분해여야 한다.",
                    definition: "정규화는 함수 종속을 이용해 릴레이션을 분해하여 중복과 이상 현상을 줄이는 과정이다.",
                    keyPoints: [
                        "제1정규형(1NF): 모든 속성의 도메인이 원자값만으로 이루어져 있다.",
                        "제2정규형(2NF): 1NF이고, 기본키가 아닌 모든 속성이 기본키에 완전 함수 종속이다.",
                        "제3정규형(3NF): 2NF이고, 기본키가 아닌 모든 속성이 기본키에 이행적 함수 종속이 아니다.",
                        "BCNF(Boyce-Codd Normal Form): 모든 결정자가 후보키이다.",
                        "정규화가 지나치면 조인이 늘어 조회 성능이 떨어질 수 있어, 의도적으로 반정규화(Denormalization)를 하기도 한다.",
                    ],
                    comparison: DB.normalForms,
                    pages: [5, 6]),
            Concept(id: "demo-db-transaction", name: "트랜잭션과 ACID",
                    summary: "트랜잭션은 데이터베이스의 상태를 바꾸는 하나의 논리적 작업 단위로, 전부 실행되거나 전혀 실행되지 않아야 한다.",
                    definition: "트랜잭션은 데이터베이스의 상태를 바꾸는 하나의 논리적 작업 단위로, 전부 실행되거나 전혀 실행되지 않아야 한다.",
                    keyPoints: [
                        "원자성(Atomicity): 트랜잭션의 연산은 모두 반영되거나 전혀 반영되지 않아야 한다.",
                        "일관성(Consistency): 트랜잭션이 성공적으로 끝나면 데이터베이스는 무결성 제약조건을 만족하는 일관된 상태를 유지한다.",
                        "격리성(Isolation): 동시에 실행되는 트랜잭션들은 서로의 중간 결과에 간섭할 수 없다.",
                        "지속성(Durability): 커밋된 트랜잭션의 결과는 시스템에 장애가 생겨도 영구히 보존된다.",
                        "COMMIT은 트랜잭션의 변경을 확정하고, ROLLBACK은 트랜잭션을 취소하여 시작하기 전 상태로 되돌린다.",
                    ],
                    comparison: DB.acid,
                    pages: [7]),
            Concept(id: "demo-db-isolation", name: "동시성 제어와 격리 수준",
                    summary: "동시성 제어는 여러 트랜잭션을 동시에 실행해도 그 결과가 어떤 직렬 실행의 결과와 같아지도록 실행 순서를 조정하는 것이다. 이런 성질을 직렬 가능성(Serializability)이라고 한다.",
                    definition: "동시성 제어는 여러 트랜잭션을 동시에 실행해도 그 결과가 어떤 직렬 실행의 결과와 같아지도록 실행 순서를 조정하는 것이다.",
                    keyPoints: [
                        "갱신 손실(Lost Update): 두 트랜잭션이 같은 데이터를 갱신할 때 한쪽의 갱신이 사라진다.",
                        "오손 읽기(Dirty Read): 아직 커밋되지 않은 데이터를 다른 트랜잭션이 읽는다.",
                        "반복 불가능한 읽기(Non-repeatable Read): 같은 데이터를 두 번 읽는 사이에 다른 트랜잭션이 값을 바꾸어 결과가 달라진다.",
                        "팬텀 읽기(Phantom Read): 같은 조건으로 두 번 조회하는 사이에 다른 트랜잭션이 삽입한 행이 새로 나타난다.",
                    ],
                    comparison: DB.isolationLevels,
                    pages: [8]),
            Concept(id: "demo-db-2pl", name: "2단계 로킹(2PL)",
                    summary: "2단계 로킹 규약은 각 트랜잭션이 락을 얻기만 하는 확장 단계와 락을 풀기만 하는 축소 단계를 차례로 거치게 하는 규약이다. 모든 트랜잭션이 2PL을 지키면 직렬 가능성이 보장되지만, 교착 상태는 막지 못한다.",
                    definition: "2단계 로킹 규약은 각 트랜잭션이 락을 얻기만 하는 확장 단계와 락을 풀기만 하는 축소 단계를 차례로 거치게 하는 규약이다.",
                    keyPoints: [
                        "공유 락(S)은 읽기에, 배타 락(X)은 쓰기에 쓰며, 공유 락끼리만 함께 걸 수 있다.",
                        "확장 단계(Growing Phase): 락을 얻을 수만 있고 해제할 수는 없다.",
                        "축소 단계(Shrinking Phase): 락을 해제할 수만 있고 새로 얻을 수는 없다.",
                        "엄격한 2PL(Strict 2PL): 배타 락을 커밋이나 철회할 때까지 쥐고 있어 연쇄 복귀(Cascading Rollback)를 막는다.",
                    ],
                    comparison: DB.lockCompatibility,
                    pages: [8]),
            Concept(id: "demo-db-index", name: "인덱스와 B+트리",
                    summary: "인덱스는 검색을 빠르게 하기 위해 키 값과 그 키를 가진 레코드의 위치를 정렬해 저장한 자료 구조이다. B+트리는 모든 키와 레코드 포인터를 리프 노드에 두고 리프 노드들을 연결 리스트로 이어 범위 검색을 빠르게 하는 균형 트리이다.",
                    definition: "인덱스는 검색을 빠르게 하기 위해 키 값과 그 키를 가진 레코드의 위치를 정렬해 저장한 자료 구조이다.",
                    keyPoints: [
                        "인덱스는 조회를 빠르게 하지만 INSERT, UPDATE, DELETE 때 인덱스도 고쳐야 하므로 쓰기가 느려지고 저장 공간이 더 든다.",
                        "내부 노드는 탐색 경로를 안내하는 키만 가진다.",
                        "루트에서 모든 리프까지의 깊이가 같아 검색, 삽입, 삭제가 O(log n)에 끝난다.",
                        "해시 인덱스는 동등 검색은 빠르지만 범위 검색에는 쓸 수 없다.",
                    ],
                    comparison: DB.clustered,
                    pages: [9]),
        ]
        let keywords = [
            Keyword(term: "릴레이션", relatedTerms: ["튜플", "속성", "도메인"]),
            Keyword(term: "후보키", relatedTerms: ["유일성", "최소성", "슈퍼키"]),
            Keyword(term: "기본키", relatedTerms: ["개체 무결성", "후보키", "대체키"]),
            Keyword(term: "외래키", relatedTerms: ["참조 무결성", "ON DELETE CASCADE"]),
            Keyword(term: "SQL", relatedTerms: ["DDL", "DML", "DCL"]),
            Keyword(term: "GROUP BY", relatedTerms: ["HAVING", "집계 함수", "WHERE"]),
            Keyword(term: "조인", relatedTerms: ["INNER JOIN", "외부 조인", "해시 조인"]),
            Keyword(term: "이상 현상", relatedTerms: ["삽입 이상", "삭제 이상", "갱신 이상"]),
            Keyword(term: "함수 종속", relatedTerms: ["결정자", "부분 함수 종속", "이행적 함수 종속"]),
            Keyword(term: "정규화", relatedTerms: ["2NF", "3NF", "BCNF", "반정규화"]),
            Keyword(term: "트랜잭션", relatedTerms: ["COMMIT", "ROLLBACK", "ACID"]),
            Keyword(term: "원자성", relatedTerms: ["일관성", "격리성", "지속성"]),
            Keyword(term: "동시성 제어", relatedTerms: ["직렬 가능성", "갱신 손실", "오손 읽기"]),
            Keyword(term: "격리 수준", relatedTerms: ["READ COMMITTED", "REPEATABLE READ", "팬텀 읽기"]),
            Keyword(term: "2단계 로킹", relatedTerms: ["확장 단계", "축소 단계", "배타 락"]),
            Keyword(term: "인덱스", relatedTerms: ["B+트리", "클러스터드 인덱스", "전체 테이블 스캔"]),
            Keyword(term: "B+트리", relatedTerms: ["리프 노드", "범위 검색", "균형 트리"]),
        ]
        return DemoNote(title: title, category: .major, fileName: "데이터베이스_강의노트.pdf",
                        document: document(DB.pages, outline: [
                            ("1. 관계형 데이터 모델", 1), ("2. 키(Key)", 2), ("3. SQL", 3), ("4. 조인(Join)", 4), ("5. 이상 현상과 함수 종속", 5),
                            ("6. 정규화(Normalization)", 6), ("7. 트랜잭션(Transaction)", 7), ("8. 동시성 제어(Concurrency Control)", 8), ("9. 인덱스(Index)", 9),
                        ], metadataTitle: "데이터베이스 강의 노트"),
                        analysis: NoteAnalysis(title: title, concepts: concepts, keywords: keywords))
    }()
}

// MARK: - 컴퓨터 네트워크

extension DemoNotes {
    private enum Net {
        static let osiLayers = ComparisonTable(
            columns: ["계층", "역할", "전송 단위", "예"],
            rows: [
                ["7 응용", "사용자 프로그램에 네트워크 서비스 제공", "메시지", "HTTP, DNS, SMTP"],
                ["6 표현", "데이터 형식 변환, 암호화, 압축", "메시지", "JPEG, MPEG, ASCII"],
                ["5 세션", "통신 세션의 설정, 유지, 종료", "메시지", "RPC"],
                ["4 전송", "종단 간 프로세스 사이의 전달", "세그먼트", "TCP, UDP"],
                ["3 네트워크", "IP 주소로 경로를 정해 패킷 전달", "패킷", "IP, ICMP, 라우터"],
                ["2 데이터 링크", "인접 노드 사이의 프레임 전송과 오류 검출", "프레임", "이더넷, 스위치"],
                ["1 물리", "비트를 신호로 바꾸어 전송", "비트", "케이블, 허브"],
            ])
        static let osiVsTcpip = ComparisonTable(
            columns: ["구분", "OSI 7계층", "TCP/IP 4계층"],
            rows: [
                ["성격", "통신 과정을 설명하는 참조 모델", "인터넷에서 실제로 쓰는 프로토콜 모델"],
                ["응용 기능", "응용·표현·세션 계층으로 나눈다", "응용 계층 하나로 묶는다"],
                ["종단 간 전달", "전송 계층", "전송 계층(TCP, UDP)"],
                ["주소 지정과 경로", "네트워크 계층", "인터넷 계층(IP)"],
                ["하위 전송", "데이터 링크 계층, 물리 계층", "네트워크 접근 계층"],
            ])
        static let tcpVsUdp = ComparisonTable(
            columns: ["구분", "TCP", "UDP"],
            rows: [
                ["연결", "연결 지향(3-way handshake)", "비연결형"],
                ["신뢰성", "재전송으로 손실 복구, 순서 보장", "보장하지 않음"],
                ["흐름·혼잡 제어", "있음", "없음"],
                ["데이터 단위", "바이트 스트림", "메시지(데이터그램) 경계 유지"],
                ["헤더 크기", "20바이트 이상", "8바이트"],
                ["주요 용도", "웹, 이메일, 파일 전송", "DNS 질의, 실시간 스트리밍, 온라인 게임"],
            ])
        static let flowVsCongestion = ComparisonTable(
            columns: ["구분", "흐름 제어", "혼잡 제어"],
            rows: [
                ["목적", "수신자 버퍼가 넘치지 않게 한다", "네트워크가 혼잡해지지 않게 한다"],
                ["기준 값", "수신 윈도우(rwnd)", "혼잡 윈도우(cwnd)"],
                ["고려 대상", "송신자와 수신자 두 종단", "경로상의 네트워크 전체"],
                ["대표 기법", "슬라이딩 윈도우", "느린 시작, 혼잡 회피(AIMD), 빠른 재전송"],
            ])
        static let subnets = ComparisonTable(
            columns: ["서브넷", "네트워크 주소", "사용 가능한 호스트", "브로드캐스트 주소"],
            rows: [
                ["1", "192.168.10.0/26", "192.168.10.1 ~ 192.168.10.62", "192.168.10.63"],
                ["2", "192.168.10.64/26", "192.168.10.65 ~ 192.168.10.126", "192.168.10.127"],
                ["3", "192.168.10.128/26", "192.168.10.129 ~ 192.168.10.190", "192.168.10.191"],
                ["4", "192.168.10.192/26", "192.168.10.193 ~ 192.168.10.254", "192.168.10.255"],
            ])
        static let routing = ComparisonTable(
            columns: ["구분", "거리 벡터", "링크 상태"],
            rows: [
                ["교환하는 정보", "자신의 라우팅 테이블(목적지까지의 거리)", "자신에게 연결된 링크의 상태"],
                ["교환 대상", "이웃 라우터", "네트워크의 모든 라우터"],
                ["경로 계산", "벨만-포드 알고리즘", "다익스트라 알고리즘"],
                ["대표 프로토콜", "RIP", "OSPF"],
                ["특징", "구현이 간단하지만 수렴이 느리다", "수렴이 빠르지만 메모리와 계산이 더 든다"],
            ])
        static let dnsRecords = ComparisonTable(
            columns: ["레코드", "의미"],
            rows: [
                ["A", "도메인 이름 → IPv4 주소"],
                ["AAAA", "도메인 이름 → IPv6 주소"],
                ["CNAME", "별칭 → 정식 도메인 이름"],
                ["MX", "도메인의 메일 서버"],
                ["NS", "도메인을 책임지는 네임 서버"],
            ])
        static let statusCodes = ComparisonTable(
            columns: ["상태 코드", "의미", "예"],
            rows: [
                ["2xx", "성공", "200 OK, 201 Created"],
                ["3xx", "리다이렉션", "301 Moved Permanently, 304 Not Modified"],
                ["4xx", "클라이언트 오류", "400 Bad Request, 401 Unauthorized, 403 Forbidden, 404 Not Found"],
                ["5xx", "서버 오류", "500 Internal Server Error, 503 Service Unavailable"],
            ])

        static let pages: [String] = [
            // 1
            """
            컴퓨터 네트워크 강의 노트 — 계층 모델, TCP와 UDP, IP 주소, 라우팅, DNS, HTTP

            1. 프로토콜과 계층 구조
            프로토콜(Protocol)은 통신하는 양쪽이 지켜야 할 메시지의 형식과 순서, 동작에 대한 약속이다.
            네트워크 기능은 여러 계층으로 나누어 설계하며, 각 계층은 바로 아래 계층의 서비스를 이용해 바로 위 계층에 서비스를 제공한다.
            - 계층을 나누면 한 계층의 구현을 바꾸어도 다른 계층에 영향을 주지 않는다.

            1.1 캡슐화(Encapsulation)
            캡슐화는 데이터가 위 계층에서 아래 계층으로 내려가면서 각 계층의 헤더가 덧붙는 과정이다.
            - 받는 쪽에서는 아래 계층부터 헤더를 하나씩 떼어 내며 위로 올려 보낸다(역캡슐화).
            - 계층별 데이터 단위(PDU): 응용 계층은 메시지, 전송 계층은 세그먼트, 네트워크 계층은 패킷, 데이터 링크 계층은 프레임, 물리 계층은 비트이다.
            - 헤더에는 주소, 순서 번호, 오류 검출 코드처럼 그 계층이 일하는 데 필요한 정보가 들어 있다.
            """,
            // 2
            """
            2. OSI 7계층과 TCP/IP 4계층
            OSI 7계층은 국제표준화기구(ISO)가 만든 참조 모델로, 네트워크 통신 과정을 일곱 계층으로 나누어 설명한다.
            - 응용 계층: 사용자 프로그램에 네트워크 서비스를 제공한다.
            - 전송 계층: 포트 번호로 프로세스를 구분하고 종단 간 전달을 책임진다.
            - 네트워크 계층: IP 주소를 이용해 목적지까지의 경로를 정하고 패킷을 전달한다.
            - 데이터 링크 계층: MAC 주소로 인접한 노드 사이에 프레임을 전달하고 오류를 검출한다.

            \(DemoNotes.render("표 1. OSI 7계층", osiLayers))

            TCP/IP 모델은 인터넷에서 실제로 쓰는 프로토콜을 기준으로 응용, 전송, 인터넷, 네트워크 접근의 네 계층으로 나눈 모델이다.
            - OSI의 응용·표현·세션 계층은 TCP/IP의 응용 계층에 해당한다.
            - OSI의 데이터 링크 계층과 물리 계층은 TCP/IP의 네트워크 접근 계층에 해당한다.

            \(DemoNotes.render("표 2. OSI 7계층과 TCP/IP 4계층 비교", osiVsTcpip))
            """,
            // 3
            """
            3. 전송 계층: TCP와 UDP
            포트 번호는 한 호스트 안에서 통신하는 프로세스를 구분하는 16비트 번호이다.
            - 잘 알려진 포트: HTTP 80, HTTPS 443, DNS 53, SSH 22

            3.1 TCP(Transmission Control Protocol)
            TCP는 연결을 설정한 뒤 데이터를 신뢰성 있게 순서대로 전달하는 연결 지향형 전송 프로토콜이다.
            - 순서 번호(sequence number)와 확인 응답(ACK)으로 손실된 세그먼트를 재전송하고 순서를 맞춘다.
            - 흐름 제어와 혼잡 제어를 한다.
            - 데이터를 경계가 없는 바이트 스트림으로 다룬다.

            3.2 UDP(User Datagram Protocol)
            UDP는 연결 설정 없이 데이터그램을 보내는 비연결형 전송 프로토콜로, 신뢰성을 보장하지 않는 대신 빠르고 가볍다.
            - 헤더가 8바이트로 작고 연결 설정 지연이 없다.
            - 손실이나 순서가 문제가 되면 응용 프로그램이 직접 처리해야 한다.
            - HTTP/3가 쓰는 QUIC은 UDP 위에서 신뢰성 있는 전송을 구현한다.

            \(DemoNotes.render("표 3. TCP와 UDP 비교", tcpVsUdp))
            """,
            // 4
            """
            4. TCP 연결 관리와 제어
            4.1 3-way handshake
            3-way handshake는 TCP가 데이터를 보내기 전에 세 번의 메시지를 주고받아 연결을 설정하는 과정이다.
            ① 클라이언트 → 서버: SYN (seq = x)
            ② 서버 → 클라이언트: SYN+ACK (seq = y, ack = x + 1)
            ③ 클라이언트 → 서버: ACK (ack = y + 1)
            - 양쪽이 초기 순서 번호(ISN)를 교환하고, 서로 보내고 받을 수 있음을 확인한다.
            - 클라이언트는 CLOSED → SYN_SENT → ESTABLISHED, 서버는 LISTEN → SYN_RCVD → ESTABLISHED 상태로 바뀐다.
            - 두 번만 주고받으면 서버는 자신의 SYN이 도착했는지 알 수 없고, 지연된 옛 SYN 때문에 잘못된 연결이 열릴 수 있다.
            - 연결 종료는 FIN, ACK, FIN, ACK을 주고받는 4-way handshake로 하고, 먼저 끊은 쪽은 TIME_WAIT 상태에서 잠시 기다린다.

            4.2 흐름 제어와 혼잡 제어
            흐름 제어(Flow Control)는 수신자의 버퍼가 넘치지 않도록 송신자의 전송 속도를 조절하는 것이다.
            혼잡 제어(Congestion Control)는 네트워크가 혼잡해지지 않도록 송신자가 보내는 데이터의 양을 조절하는 것이다.
            - 수신자는 남은 버퍼 크기를 수신 윈도우(rwnd)로 알려 주고, 송신자는 슬라이딩 윈도우 방식으로 그만큼만 보낸다.
            - 느린 시작(Slow Start): 혼잡 윈도우(cwnd)를 RTT마다 두 배로 늘리다가 임계값(ssthresh)에 이르면 혼잡 회피로 바꾼다.
            - 혼잡 회피(Congestion Avoidance): cwnd를 RTT마다 1 MSS씩 늘리고, 손실이 생기면 크게 줄인다(AIMD).
            - 중복 ACK 3개를 받으면 타임아웃을 기다리지 않고 빠른 재전송(Fast Retransmit)을 한다.
            - 송신자가 한 번에 보낼 수 있는 양은 rwnd와 cwnd 중 작은 값이다.

            \(DemoNotes.render("표 4. 흐름 제어와 혼잡 제어 비교", flowVsCongestion))
            """,
            // 5
            """
            5. IP 주소
            IP 주소는 네트워크에 연결된 장치의 인터페이스를 식별하는 논리 주소이다.
            - IPv4 주소는 32비트이며, 8비트씩 네 부분으로 나누어 점으로 구분한 10진수로 적는다. 예: 192.168.0.1
            - IP 주소는 네트워크 부분과 호스트 부분으로 나뉜다.
            - IP는 비연결형이며 전달을 보장하지 않는 최선형(best-effort) 서비스를 제공한다.
            - 같은 네트워크 안에서는 ARP로 IP 주소에 해당하는 MAC 주소를 알아낸다.

            5.1 CIDR와 서브넷 마스크
            초기의 클래스(A, B, C) 방식은 네트워크 크기가 세 가지로 고정되어 주소 낭비가 컸다.
            CIDR(Classless Inter-Domain Routing)은 클래스와 상관없이 네트워크 부분의 길이를 /24처럼 접두사 길이로 나타내는 방식이다.
            서브넷 마스크는 IP 주소에서 네트워크 부분을 1로, 호스트 부분을 0으로 표시한 32비트 값이다.
            - 255.255.255.0은 /24와 같다.
            - IP 주소와 서브넷 마스크를 비트 AND 하면 네트워크 주소가 나온다.

            5.2 사설 IP와 NAT, IPv6
            - 사설 IP 대역: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16
            - NAT(Network Address Translation)는 사설 IP 주소를 공인 IP 주소로 바꾸어 내부 장치가 인터넷과 통신하게 한다.
            - IPv6 주소는 128비트이며 16비트씩 콜론으로 구분한 16진수로 적는다. 예: 2001:db8::1
            """,
            // 6
            """
            6. 서브넷팅 예제
            서브넷팅은 하나의 네트워크를 호스트 부분의 비트를 빌려 더 작은 네트워크 여러 개로 나누는 것이다.
            문제: 192.168.10.0/24를 같은 크기의 서브넷 4개로 나누어라.
            - 서브넷 4개에는 2비트가 필요하므로 접두사는 /26, 서브넷 마스크는 255.255.255.192가 된다.
            - 서브넷마다 주소는 64개이고, 사용 가능한 호스트는 62개이다.
            - 사용 가능한 호스트 수 = 2^(호스트 비트 수) − 2 (네트워크 주소와 브로드캐스트 주소는 호스트에 줄 수 없다)

            \(DemoNotes.render("표 5. 192.168.10.0/24를 /26으로 나눈 결과", subnets))

            - 192.168.10.77은 77 AND 192 = 64이므로 192.168.10.64/26 서브넷에 속한다.
            """,
            // 7
            """
            7. 라우팅(Routing)
            라우팅은 패킷이 출발지에서 목적지까지 갈 경로를 결정하는 과정이다.
            - 포워딩은 라우터가 들어온 패킷을 알맞은 출력 링크로 내보내는 일이고, 라우팅은 그 기준이 되는 경로를 계산하는 일이다.
            - 라우터는 라우팅 테이블에서 목적지 주소와 가장 길게 일치하는 항목을 골라(최장 접두사 일치, Longest Prefix Match) 다음 홉으로 패킷을 보낸다.
            - 정적 라우팅은 관리자가 경로를 직접 설정하고, 동적 라우팅은 라우팅 프로토콜이 경로를 자동으로 갱신한다.

            7.1 라우팅 알고리즘
            - 거리 벡터(Distance Vector): 이웃 라우터와 자신의 라우팅 테이블을 주기적으로 교환하며 벨만-포드 알고리즘으로 경로를 구한다.
            - RIP는 홉 수를 거리로 쓰며 최대 15홉까지만 허용한다. 무한대로 세기(count-to-infinity) 문제가 생길 수 있다.
            - 링크 상태(Link State): 각 라우터가 링크 상태 정보를 모든 라우터에 알리고, 전체 토폴로지를 보고 다익스트라 알고리즘으로 최단 경로를 계산한다.
            - 자율 시스템(AS) 안에서는 RIP, OSPF 같은 내부 라우팅 프로토콜을, AS 사이에서는 BGP를 쓴다.

            \(DemoNotes.render("표 6. 거리 벡터와 링크 상태 비교", routing))
            """,
            // 8
            """
            8. DNS(Domain Name System)
            DNS는 www.example.com 같은 도메인 이름을 IP 주소로 바꾸어 주는 계층적 분산 데이터베이스 시스템이다.
            - 이름 공간은 루트 DNS 서버, TLD 서버(.com, .kr 등), 책임(authoritative) DNS 서버의 계층으로 이루어진다.
            - 호스트는 로컬 DNS 서버에 재귀적 질의를 보내고, 로컬 DNS 서버는 루트, TLD, 책임 DNS 서버에 차례로 반복적 질의를 한다.
            - 받은 응답은 TTL 동안 캐시에 저장해 같은 질의에 바로 답한다.
            - DNS 질의는 주로 UDP 53번 포트를 쓰고, 응답이 크거나 영역 전송을 할 때는 TCP를 쓴다.

            \(DemoNotes.render("표 7. 주요 DNS 레코드", dnsRecords))
            """,
            // 9
            """
            9. HTTP(HyperText Transfer Protocol)
            HTTP는 웹에서 클라이언트와 서버가 요청과 응답을 주고받는 응용 계층 프로토콜이다.
            - 요청은 메서드, URL, 헤더, 본문으로, 응답은 상태 코드, 헤더, 본문으로 이루어진다.
            - HTTP는 무상태(Stateless) 프로토콜이어서 서버가 이전 요청을 기억하지 않으며, 상태를 유지하려면 쿠키와 세션을 쓴다.
            - 주요 메서드: GET(조회), POST(생성·처리), PUT(전체 교체), PATCH(일부 수정), DELETE(삭제)
            - GET, PUT, DELETE는 같은 요청을 여러 번 보내도 결과가 같은 멱등(idempotent) 메서드이다.
            - HTTPS는 TLS로 암호화한 HTTP이며 기본 포트는 443이다.
            - HTTP/1.1은 지속 연결(keep-alive)을 기본으로 하고, HTTP/2는 하나의 연결에서 여러 요청을 동시에 보내는 멀티플렉싱과 헤더 압축을 지원하며, HTTP/3는 UDP 기반의 QUIC 위에서 동작한다.

            \(DemoNotes.render("표 8. HTTP 상태 코드", statusCodes))
            """,
        ]
    }

    static let networks: DemoNote = {
        let title = "컴퓨터 네트워크 — 계층 모델, TCP와 UDP, IP 주소, 라우팅, DNS, HTTP"
        let concepts = [
            Concept(id: "demo-net-encapsulation", name: "프로토콜과 캡슐화",
                    summary: "프로토콜(Protocol)은 통신하는 양쪽이 지켜야 할 메시지의 형식과 순서, 동작에 대한 약속이다. 캡슐화는 데이터가 위 계층에서 아래 계층으로 내려가면서 각 계층의 헤더가 덧붙는 과정이다.",
                    definition: "캡슐화는 데이터가 위 계층에서 아래 계층으로 내려가면서 각 계층의 헤더가 덧붙는 과정이다.",
                    keyPoints: [
                        "네트워크 기능은 여러 계층으로 나누어 설계하며, 각 계층은 바로 아래 계층의 서비스를 이용해 바로 위 계층에 서비스를 제공한다.",
                        "계층을 나누면 한 계층의 구현을 바꾸어도 다른 계층에 영향을 주지 않는다.",
                        "받는 쪽에서는 아래 계층부터 헤더를 하나씩 떼어 내며 위로 올려 보낸다(역캡슐화).",
                        "계층별 데이터 단위(PDU): 응용 계층은 메시지, 전송 계층은 세그먼트, 네트워크 계층은 패킷, 데이터 링크 계층은 프레임, 물리 계층은 비트이다.",
                    ],
                    pages: [1]),
            Concept(id: "demo-net-osi", name: "OSI 7계층",
                    summary: "OSI 7계층은 국제표준화기구(ISO)가 만든 참조 모델로, 네트워크 통신 과정을 일곱 계층으로 나누어 설명한다.",
                    definition: "OSI 7계층은 국제표준화기구(ISO)가 만든 참조 모델로, 네트워크 통신 과정을 일곱 계층으로 나누어 설명한다.",
                    keyPoints: [
                        "응용 계층: 사용자 프로그램에 네트워크 서비스를 제공한다.",
                        "전송 계층: 포트 번호로 프로세스를 구분하고 종단 간 전달을 책임진다.",
                        "네트워크 계층: IP 주소를 이용해 목적지까지의 경로를 정하고 패킷을 전달한다.",
                        "데이터 링크 계층: MAC 주소로 인접한 노드 사이에 프레임을 전달하고 오류를 검출한다.",
                    ],
                    comparison: Net.osiLayers,
                    pages: [1, 2]),
            Concept(id: "demo-net-tcpip", name: "TCP/IP 4계층",
                    summary: "TCP/IP 모델은 인터넷에서 실제로 쓰는 프로토콜을 기준으로 응용, 전송, 인터넷, 네트워크 접근의 네 계층으로 나눈 모델이다.",
                    definition: "TCP/IP 모델은 인터넷에서 실제로 쓰는 프로토콜을 기준으로 응용, 전송, 인터넷, 네트워크 접근의 네 계층으로 나눈 모델이다.",
                    keyPoints: [
                        "OSI의 응용·표현·세션 계층은 TCP/IP의 응용 계층에 해당한다.",
                        "OSI의 데이터 링크 계층과 물리 계층은 TCP/IP의 네트워크 접근 계층에 해당한다.",
                    ],
                    comparison: Net.osiVsTcpip,
                    pages: [2]),
            Concept(id: "demo-net-tcp-udp", name: "TCP와 UDP",
                    summary: "TCP는 연결을 설정한 뒤 데이터를 신뢰성 있게 순서대로 전달하는 연결 지향형 전송 프로토콜이다. UDP는 연결 설정 없이 데이터그램을 보내는 비연결형 전송 프로토콜로, 신뢰성을 보장하지 않는 대신 빠르고 가볍다.",
                    definition: "TCP는 연결을 설정한 뒤 데이터를 신뢰성 있게 순서대로 전달하는 연결 지향형 전송 프로토콜이다.",
                    keyPoints: [
                        "포트 번호는 한 호스트 안에서 통신하는 프로세스를 구분하는 16비트 번호이다.",
                        "순서 번호(sequence number)와 확인 응답(ACK)으로 손실된 세그먼트를 재전송하고 순서를 맞춘다.",
                        "헤더가 8바이트로 작고 연결 설정 지연이 없다.",
                        "손실이나 순서가 문제가 되면 응용 프로그램이 직접 처리해야 한다.",
                        "HTTP/3가 쓰는 QUIC은 UDP 위에서 신뢰성 있는 전송을 구현한다.",
                    ],
                    comparison: Net.tcpVsUdp,
                    pages: [3]),
            Concept(id: "demo-net-handshake", name: "3-way handshake",
                    summary: "3-way handshake는 TCP가 데이터를 보내기 전에 세 번의 메시지를 주고받아 연결을 설정하는 과정이다. 양쪽이 초기 순서 번호(ISN)를 교환하고, 서로 보내고 받을 수 있음을 확인한다.",
                    definition: "3-way handshake는 TCP가 데이터를 보내기 전에 세 번의 메시지를 주고받아 연결을 설정하는 과정이다.",
                    keyPoints: [
                        "① 클라이언트 → 서버: SYN (seq = x)",
                        "② 서버 → 클라이언트: SYN+ACK (seq = y, ack = x + 1)",
                        "③ 클라이언트 → 서버: ACK (ack = y + 1)",
                        "두 번만 주고받으면 서버는 자신의 SYN이 도착했는지 알 수 없고, 지연된 옛 SYN 때문에 잘못된 연결이 열릴 수 있다.",
                        "연결 종료는 FIN, ACK, FIN, ACK을 주고받는 4-way handshake로 하고, 먼저 끊은 쪽은 TIME_WAIT 상태에서 잠시 기다린다.",
                    ],
                    pages: [4]),
            Concept(id: "demo-net-flow-congestion", name: "흐름 제어와 혼잡 제어",
                    summary: "흐름 제어(Flow Control)는 수신자의 버퍼가 넘치지 않도록 송신자의 전송 속도를 조절하는 것이다. 혼잡 제어(Congestion Control)는 네트워크가 혼잡해지지 않도록 송신자가 보내는 데이터의 양을 조절하는 것이다.",
                    definition: "혼잡 제어(Congestion Control)는 네트워크가 혼잡해지지 않도록 송신자가 보내는 데이터의 양을 조절하는 것이다.",
                    keyPoints: [
                        "수신자는 남은 버퍼 크기를 수신 윈도우(rwnd)로 알려 주고, 송신자는 슬라이딩 윈도우 방식으로 그만큼만 보낸다.",
                        "느린 시작(Slow Start): 혼잡 윈도우(cwnd)를 RTT마다 두 배로 늘리다가 임계값(ssthresh)에 이르면 혼잡 회피로 바꾼다.",
                        "혼잡 회피(Congestion Avoidance): cwnd를 RTT마다 1 MSS씩 늘리고, 손실이 생기면 크게 줄인다(AIMD).",
                        "중복 ACK 3개를 받으면 타임아웃을 기다리지 않고 빠른 재전송(Fast Retransmit)을 한다.",
                        "송신자가 한 번에 보낼 수 있는 양은 rwnd와 cwnd 중 작은 값이다.",
                    ],
                    comparison: Net.flowVsCongestion,
                    pages: [4]),
            Concept(id: "demo-net-ip", name: "IP 주소",
                    summary: "IP 주소는 네트워크에 연결된 장치의 인터페이스를 식별하는 논리 주소이다. CIDR(Classless Inter-Domain Routing)은 클래스와 상관없이 네트워크 부분의 길이를 /24처럼 접두사 길이로 나타내는 방식이다.",
                    definition: "IP 주소는 네트워크에 연결된 장치의 인터페이스를 식별하는 논리 주소이다.",
                    keyPoints: [
                        "IPv4 주소는 32비트이며, 8비트씩 네 부분으로 나누어 점으로 구분한 10진수로 적는다.",
                        "IP 주소는 네트워크 부분과 호스트 부분으로 나뉜다.",
                        "같은 네트워크 안에서는 ARP로 IP 주소에 해당하는 MAC 주소를 알아낸다.",
                        "NAT(Network Address Translation)는 사설 IP 주소를 공인 IP 주소로 바꾸어 내부 장치가 인터넷과 통신하게 한다.",
                        "IPv6 주소는 128비트이며 16비트씩 콜론으로 구분한 16진수로 적는다.",
                    ],
                    pages: [5]),
            Concept(id: "demo-net-subnet", name: "서브넷 마스크와 서브넷팅",
                    summary: "서브넷 마스크는 IP 주소에서 네트워크 부분을 1로, 호스트 부분을 0으로 표시한 32비트 값이다. 서브넷팅은 하나의 네트워크를 호스트 부분의 비트를 빌려 더 작은 네트워크 여러 개로 나누는 것이다.",
                    definition: "서브넷 마스크는 IP 주소에서 네트워크 부분을 1로, 호스트 부분을 0으로 표시한 32비트 값이다.",
                    keyPoints: [
                        "IP 주소와 서브넷 마스크를 비트 AND 하면 네트워크 주소가 나온다.",
                        "서브넷 4개에는 2비트가 필요하므로 접두사는 /26, 서브넷 마스크는 255.255.255.192가 된다.",
                        "사용 가능한 호스트 수 = 2^(호스트 비트 수) − 2 (네트워크 주소와 브로드캐스트 주소는 호스트에 줄 수 없다)",
                        "192.168.10.77은 77 AND 192 = 64이므로 192.168.10.64/26 서브넷에 속한다.",
                    ],
                    comparison: Net.subnets,
                    pages: [5, 6]),
            Concept(id: "demo-net-routing", name: "라우팅(Routing)",
                    summary: "라우팅은 패킷이 출발지에서 목적지까지 갈 경로를 결정하는 과정이다.",
                    definition: "라우팅은 패킷이 출발지에서 목적지까지 갈 경로를 결정하는 과정이다.",
                    keyPoints: [
                        "라우터는 라우팅 테이블에서 목적지 주소와 가장 길게 일치하는 항목을 골라(최장 접두사 일치, Longest Prefix Match) 다음 홉으로 패킷을 보낸다.",
                        "정적 라우팅은 관리자가 경로를 직접 설정하고, 동적 라우팅은 라우팅 프로토콜이 경로를 자동으로 갱신한다.",
                        "거리 벡터(Distance Vector): 이웃 라우터와 자신의 라우팅 테이블을 주기적으로 교환하며 벨만-포드 알고리즘으로 경로를 구한다.",
                        "링크 상태(Link State): 각 라우터가 링크 상태 정보를 모든 라우터에 알리고, 전체 토폴로지를 보고 다익스트라 알고리즘으로 최단 경로를 계산한다.",
                        "자율 시스템(AS) 안에서는 RIP, OSPF 같은 내부 라우팅 프로토콜을, AS 사이에서는 BGP를 쓴다.",
                    ],
                    comparison: Net.routing,
                    pages: [7]),
            Concept(id: "demo-net-dns", name: "DNS(Domain Name System)",
                    summary: "DNS는 www.example.com 같은 도메인 이름을 IP 주소로 바꾸어 주는 계층적 분산 데이터베이스 시스템이다.",
                    definition: "DNS는 www.example.com 같은 도메인 이름을 IP 주소로 바꾸어 주는 계층적 분산 데이터베이스 시스템이다.",
                    keyPoints: [
                        "이름 공간은 루트 DNS 서버, TLD 서버(.com, .kr 등), 책임(authoritative) DNS 서버의 계층으로 이루어진다.",
                        "호스트는 로컬 DNS 서버에 재귀적 질의를 보내고, 로컬 DNS 서버는 루트, TLD, 책임 DNS 서버에 차례로 반복적 질의를 한다.",
                        "받은 응답은 TTL 동안 캐시에 저장해 같은 질의에 바로 답한다.",
                        "DNS 질의는 주로 UDP 53번 포트를 쓰고, 응답이 크거나 영역 전송을 할 때는 TCP를 쓴다.",
                    ],
                    comparison: Net.dnsRecords,
                    pages: [8]),
            Concept(id: "demo-net-http", name: "HTTP",
                    summary: "HTTP는 웹에서 클라이언트와 서버가 요청과 응답을 주고받는 응용 계층 프로토콜이다. HTTP는 무상태(Stateless) 프로토콜이어서 서버가 이전 요청을 기억하지 않으며, 상태를 유지하려면 쿠키와 세션을 쓴다.",
                    definition: "HTTP는 웹에서 클라이언트와 서버가 요청과 응답을 주고받는 응용 계층 프로토콜이다.",
                    keyPoints: [
                        "요청은 메서드, URL, 헤더, 본문으로, 응답은 상태 코드, 헤더, 본문으로 이루어진다.",
                        "주요 메서드: GET(조회), POST(생성·처리), PUT(전체 교체), PATCH(일부 수정), DELETE(삭제)",
                        "GET, PUT, DELETE는 같은 요청을 여러 번 보내도 결과가 같은 멱등(idempotent) 메서드이다.",
                        "HTTPS는 TLS로 암호화한 HTTP이며 기본 포트는 443이다.",
                    ],
                    comparison: Net.statusCodes,
                    pages: [9]),
        ]
        let keywords = [
            Keyword(term: "프로토콜", relatedTerms: ["계층", "헤더"]),
            Keyword(term: "캡슐화", relatedTerms: ["헤더", "PDU", "역캡슐화"]),
            Keyword(term: "OSI 7계층", relatedTerms: ["참조 모델", "표현", "세션"]),
            Keyword(term: "TCP/IP", relatedTerms: ["인터넷 계층", "네트워크 접근 계층", "응용 계층"]),
            Keyword(term: "TCP", relatedTerms: ["연결 지향", "순서 번호", "ACK", "바이트 스트림"]),
            Keyword(term: "UDP", relatedTerms: ["비연결형", "데이터그램", "QUIC"]),
            Keyword(term: "포트 번호", relatedTerms: ["전송 계층", "HTTPS 443", "DNS 53"]),
            Keyword(term: "3-way handshake", relatedTerms: ["SYN", "SYN+ACK", "ISN", "ESTABLISHED"]),
            Keyword(term: "흐름 제어", relatedTerms: ["수신 윈도우(rwnd)", "슬라이딩 윈도우"]),
            Keyword(term: "혼잡 제어", relatedTerms: ["혼잡 윈도우(cwnd)", "느린 시작", "AIMD", "빠른 재전송"]),
            Keyword(term: "IP 주소", relatedTerms: ["IPv4", "IPv6", "MAC 주소", "ARP"]),
            Keyword(term: "서브넷 마스크", relatedTerms: ["CIDR", "네트워크 주소", "브로드캐스트 주소"]),
            Keyword(term: "NAT", relatedTerms: ["사설 IP", "공인 IP"]),
            Keyword(term: "라우팅", relatedTerms: ["라우팅 테이블", "최장 접두사 일치", "다음 홉"]),
            Keyword(term: "거리 벡터", relatedTerms: ["벨만-포드 알고리즘", "RIP", "링크 상태"]),
            Keyword(term: "DNS", relatedTerms: ["도메인 이름", "재귀적 질의", "반복적 질의", "TTL"]),
            Keyword(term: "HTTP", relatedTerms: ["상태 코드", "무상태", "쿠키", "멱등"]),
        ]
        return DemoNote(title: title, category: .major, fileName: "컴퓨터네트워크_강의노트.pdf",
                        document: document(Net.pages, outline: [
                            ("1. 프로토콜과 계층 구조", 1), ("2. OSI 7계층과 TCP/IP 4계층", 2), ("3. 전송 계층: TCP와 UDP", 3), ("4. TCP 연결 관리와 제어", 4),
                            ("5. IP 주소", 5), ("6. 서브넷팅 예제", 6), ("7. 라우팅(Routing)", 7), ("8. DNS(Domain Name System)", 8),
                            ("9. HTTP(HyperText Transfer Protocol)", 9),
                        ], metadataTitle: "컴퓨터 네트워크 강의 노트"),
                        analysis: NoteAnalysis(title: title, concepts: concepts, keywords: keywords))
    }()
}
