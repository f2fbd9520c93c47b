import Foundation
import NotioCore
@testable import NotioAnalysis

/// Notes to make quizzes from: a Korean 운영체제 lecture and an English one.
enum QuizFixtures {
    static let operatingSystems = NoteAnalysis(
        title: "운영체제 3주차: 프로세스와 메모리 관리",
        concepts: [
            Concept(id: "c-process", name: "프로세스",
                    summary: "프로세스는 실행 중인 프로그램으로, 운영체제로부터 자원을 할당받는 작업의 단위이다. 각 프로세스는 독립된 주소 공간과 PCB를 가진다.",
                    definition: "프로세스는 메모리에 올라와 실행 중인 프로그램의 인스턴스로, 자원 할당의 단위이다.",
                    keyPoints: [
                        "프로세스는 코드, 데이터, 힙, 스택 영역으로 이루어진 독립된 주소 공간을 가진다.",
                        "운영체제는 PCB에 프로세스의 상태와 레지스터 값을 저장한다.",
                        "프로세스 상태는 생성, 준비, 실행, 대기, 종료의 5단계로 나뉜다.",
                    ],
                    comparison: ComparisonTable(columns: ["구분", "프로세스", "스레드"], rows: [
                        ["메모리", "독립된 주소 공간", "코드·데이터·힙 공유"],
                        ["생성 비용", "크다", "작다"],
                        ["통신 방법", "IPC 필요", "공유 메모리로 직접"],
                        ["문맥 교환", "느리다", "빠르다"],
                    ]),
                    pages: [3, 4]),
            Concept(id: "c-thread", name: "스레드",
                    summary: "스레드는 프로세스 안에서 실행되는 흐름의 단위이다. 같은 프로세스의 스레드들은 코드와 데이터, 힙을 공유하고 스택은 따로 가진다.",
                    definition: "스레드는 프로세스 내에서 실행되는 흐름의 단위로, CPU 스케줄링의 기본 단위이다.",
                    keyPoints: [
                        "스레드는 각자 스택과 프로그램 카운터를 가진다.",
                        "멀티스레드 프로그램에서는 공유 자원 접근 시 동기화가 필요하다.",
                    ],
                    pages: [5]),
            Concept(id: "c-deadlock", name: "교착 상태(Deadlock)",
                    summary: "교착 상태는 두 개 이상의 프로세스가 서로가 가진 자원을 기다리며 영원히 진행하지 못하는 상태이다.",
                    definition: "교착 상태란 둘 이상의 프로세스가 서로 상대가 점유한 자원을 기다리며 무한히 대기하는 상황이다.",
                    keyPoints: [
                        "교착 상태의 발생 조건은 상호 배제, 점유와 대기, 비선점, 순환 대기의 4가지이다.",
                        "은행원 알고리즘은 안전 상태를 검사하여 교착 상태를 회피한다.",
                        "자원 할당 그래프에 사이클이 있으면 교착 상태의 가능성이 있다.",
                    ],
                    pages: [9, 10]),
            Concept(id: "c-semaphore", name: "세마포어",
                    summary: "세마포어는 공유 자원에 접근할 수 있는 프로세스의 수를 정수 값으로 제어하는 동기화 도구이다.",
                    definition: "세마포어는 P 연산과 V 연산으로만 접근하는 정수 변수로, 임계 구역 접근을 제어하는 동기화 도구이다.",
                    keyPoints: [
                        "세마포어의 P 연산은 값을 1 감소시키고, 값이 음수이면 프로세스를 대기시킨다.",
                        "카운팅 세마포어는 여러 개의 자원을 관리할 수 있다.",
                        "이진 세마포어는 0과 1의 값만 가진다.",
                    ],
                    pages: [7]),
            Concept(id: "c-mutex", name: "뮤텍스",
                    summary: "뮤텍스는 하나의 스레드만 임계 구역에 들어가도록 잠금을 거는 상호 배제 도구이다.",
                    definition: "뮤텍스는 락을 획득한 스레드만 임계 구역에 진입하게 하는 상호 배제 객체이다.",
                    keyPoints: [
                        "뮤텍스는 락을 건 스레드만 락을 해제할 수 있다.",
                        "뮤텍스를 얻지 못한 스레드는 대기 큐에서 잠든다.",
                    ],
                    pages: [8]),
            Concept(id: "c-paging", name: "페이징",
                    summary: "페이징은 논리 주소 공간을 같은 크기의 페이지로, 물리 메모리를 같은 크기의 프레임으로 나누어 관리하는 기법이다.",
                    definition: "페이징은 프로세스의 주소 공간을 고정 크기의 페이지로 나누어 물리 메모리의 프레임에 불연속적으로 적재하는 메모리 관리 기법이다.",
                    keyPoints: [
                        "페이징은 외부 단편화가 없지만 내부 단편화가 생길 수 있다.",
                        "페이지 테이블은 페이지 번호를 프레임 번호로 변환한다.",
                        "TLB는 페이지 테이블 항목을 캐시하여 주소 변환을 빠르게 한다.",
                        "일반적인 페이지 크기는 4KB이다.",
                    ],
                    comparison: ComparisonTable(columns: ["구분", "페이징", "세그멘테이션"], rows: [
                        ["분할 단위", "고정 크기 페이지", "가변 크기 세그먼트"],
                        ["단편화", "내부 단편화", "외부 단편화"],
                        ["주소 변환", "페이지 테이블", "세그먼트 테이블"],
                    ]),
                    pages: [12, 13]),
            Concept(id: "c-segmentation", name: "세그멘테이션",
                    summary: "세그멘테이션은 프로그램을 코드, 데이터, 스택처럼 논리적 의미 단위의 세그먼트로 나누어 관리하는 기법이다.",
                    definition: "세그멘테이션은 프로세스를 논리적 단위인 가변 크기의 세그먼트로 나누어 메모리에 적재하는 기법이다.",
                    keyPoints: [
                        "세그먼트 테이블은 각 세그먼트의 기준 주소와 한계를 저장한다.",
                        "세그멘테이션은 외부 단편화가 발생할 수 있다.",
                    ],
                    pages: [14]),
            Concept(id: "c-virtual-memory", name: "가상 메모리",
                    summary: "가상 메모리는 프로세스 전체가 메모리에 올라오지 않아도 실행할 수 있게 하는 기법이다. 물리 메모리보다 큰 주소 공간을 제공한다.",
                    definition: "가상 메모리는 보조기억장치를 주기억장치처럼 사용하여 실제 메모리보다 큰 논리 주소 공간을 제공하는 기법이다.",
                    keyPoints: [
                        "요구 페이징은 필요한 페이지만 메모리에 적재한다.",
                        "참조하려는 페이지가 메모리에 없으면 페이지 폴트가 발생한다.",
                        "페이지 교체 알고리즘에는 FIFO, LRU, OPT가 있다.",
                        "스래싱은 페이지 폴트가 지나치게 잦아 CPU 이용률이 떨어지는 현상이다.",
                    ],
                    pages: [16, 17]),
            Concept(id: "c-scheduling", name: "CPU 스케줄링",
                    summary: "CPU 스케줄링은 준비 큐의 프로세스 중 어느 것에 CPU를 할당할지 정하는 일이다.",
                    definition: "CPU 스케줄링은 준비 상태의 프로세스 가운데 다음에 CPU를 할당할 프로세스를 선택하는 운영체제의 작업이다.",
                    keyPoints: [
                        "선점형 스케줄링은 실행 중인 프로세스에게서 CPU를 빼앗을 수 있다.",
                        "라운드 로빈은 타임 퀀텀 단위로 CPU를 번갈아 할당한다.",
                        "SJF 스케줄링은 평균 대기 시간을 최소화하지만 기아 현상이 생길 수 있다.",
                    ],
                    comparison: ComparisonTable(columns: ["구분", "선점형", "비선점형"], rows: [
                        ["CPU 회수", "운영체제가 강제로 회수", "프로세스가 스스로 반납"],
                        ["대표 알고리즘", "라운드 로빈", "FCFS"],
                        ["응답 시간", "짧다", "길 수 있다"],
                    ]),
                    pages: [19, 20]),
            Concept(id: "c-context-switch", name: "문맥 교환",
                    summary: "문맥 교환은 CPU가 실행 중인 프로세스를 바꿀 때 이전 상태를 저장하고 새 상태를 불러오는 과정이다.",
                    definition: "문맥 교환은 CPU를 다른 프로세스에 넘기기 위해 현재 프로세스의 상태를 PCB에 저장하고 다음 프로세스의 상태를 복원하는 작업이다.",
                    keyPoints: [
                        "문맥 교환 중에는 CPU가 유용한 일을 하지 못하므로 오버헤드가 된다.",
                        "스레드 간 문맥 교환은 프로세스 간 문맥 교환보다 빠르다.",
                    ],
                    pages: [6]),
        ],
        keywords: [
            Keyword(term: "PCB", relatedTerms: ["프로세스 제어 블록", "레지스터"]),
            Keyword(term: "임계 구역", relatedTerms: ["상호 배제", "동기화", "경쟁 조건"]),
            Keyword(term: "페이지 폴트", relatedTerms: ["요구 페이징", "스래싱", "페이지 교체"]),
            Keyword(term: "TLB", relatedTerms: ["페이지 테이블", "주소 변환"]),
            Keyword(term: "외부 단편화", relatedTerms: ["내부 단편화", "압축"]),
            Keyword(term: "라운드 로빈", relatedTerms: ["타임 퀀텀", "선점형", "비선점형"]),
            Keyword(term: "은행원 알고리즘", relatedTerms: ["안전 상태", "자원 할당 그래프"]),
            Keyword(term: "기아 현상", relatedTerms: ["에이징", "우선순위"]),
            Keyword(term: "주소 공간", relatedTerms: ["논리 주소", "물리 주소", "프레임"]),
        ])

    static let operatingSystemsPages: [SourcePage] = (1...20).map { SourcePage(number: $0, text: "운영체제 강의 \($0)쪽") }

    static let englishNetworks = NoteAnalysis(
        title: "Computer Networks: Transport Layer",
        concepts: [
            Concept(id: "e-tcp", name: "TCP",
                    summary: "TCP is a connection-oriented transport protocol that delivers a reliable, ordered byte stream.",
                    definition: "TCP is a connection-oriented protocol that provides reliable, ordered delivery of a byte stream between applications.",
                    keyPoints: [
                        "A connection is opened with a three-way handshake of SYN, SYN-ACK and ACK segments.",
                        "Flow control uses a sliding window advertised by the receiver.",
                        "The TCP header is at least 20 bytes long.",
                    ],
                    comparison: ComparisonTable(columns: ["Aspect", "TCP", "UDP"], rows: [
                        ["Connection", "connection-oriented", "connectionless"],
                        ["Reliability", "retransmits lost segments", "no retransmission"],
                        ["Header size", "20 bytes minimum", "8 bytes"],
                    ]),
                    pages: [2]),
            Concept(id: "e-udp", name: "UDP",
                    summary: "UDP is a connectionless transport protocol that sends independent datagrams without delivery guarantees.",
                    definition: "UDP is a lightweight connectionless protocol that sends datagrams without handshakes, ordering or retransmission.",
                    keyPoints: ["UDP suits real-time media and DNS queries where low latency matters more than reliability."],
                    pages: [4]),
            Concept(id: "e-congestion", name: "Congestion Control",
                    summary: "Congestion control limits the sending rate so that the network is not overloaded.",
                    definition: "Congestion control is the mechanism by which a sender reduces its rate when the network shows signs of overload.",
                    keyPoints: [
                        "Slow start doubles the congestion window every round trip.",
                        "A timeout makes the sender shrink the congestion window to one segment.",
                    ],
                    pages: [6]),
            Concept(id: "e-port", name: "Port Number",
                    summary: "A port number identifies an application process on a host.",
                    definition: "A port number is a 16-bit identifier that tells the transport layer which application process a segment belongs to.",
                    keyPoints: ["Well-known ports such as 80 for HTTP range from 0 to 1023."],
                    pages: [1]),
            Concept(id: "e-checksum", name: "Checksum",
                    summary: "A checksum detects errors in a segment.",
                    definition: "A checksum is a value computed over a segment's bytes so that the receiver can detect corrupted data.",
                    keyPoints: ["The receiver recomputes the checksum and discards the segment when it does not match."],
                    pages: [5]),
        ],
        keywords: [
            Keyword(term: "three-way handshake", relatedTerms: ["SYN", "ACK"]),
            Keyword(term: "sliding window", relatedTerms: ["flow control", "receiver window"]),
            Keyword(term: "slow start", relatedTerms: ["congestion window", "round trip"]),
            Keyword(term: "datagram", relatedTerms: ["segment", "packet"]),
        ])

    static func request(_ difficulty: Difficulty, count: Int, seed: UInt64 = 7, avoid: [String] = [],
                        analysis: NoteAnalysis = operatingSystems) -> QuizRequest {
        QuizRequest(analysis: analysis, pages: analysis == operatingSystems ? operatingSystemsPages : [],
                    difficulty: difficulty, count: count, avoidPrompts: avoid, seed: seed)
    }
}

extension QuizFixtures {
    /// Twenty concepts: the 운영체제 note and its English counterpart with five more, for timing.
    static let twentyConcepts: NoteAnalysis = {
        var concepts = operatingSystems.concepts + englishNetworks.concepts
        let more: [(String, String)] = [
            ("캐시 메모리", "캐시 메모리는 CPU와 주기억장치 사이에서 자주 쓰는 데이터를 보관하는 고속 기억장치이다."),
            ("인터럽트", "인터럽트는 입출력 완료나 오류 같은 사건을 CPU에 알려 실행 흐름을 바꾸게 하는 신호이다."),
            ("시스템 호출", "시스템 호출은 사용자 프로그램이 운영체제 커널의 기능을 요청하는 인터페이스이다."),
            ("파일 시스템", "파일 시스템은 저장장치의 데이터를 파일과 디렉터리로 조직하고 관리하는 방법이다."),
            ("디스크 스케줄링", "디스크 스케줄링은 디스크 헤드의 이동을 줄이도록 입출력 요청의 순서를 정하는 기법이다."),
        ]
        for (i, (name, definition)) in more.enumerated() {
            concepts.append(Concept(id: "x-\(i)", name: name, summary: definition, definition: definition,
                                    keyPoints: ["\(name)의 성능은 전체 시스템의 응답 시간에 영향을 준다.", "\(name)는 운영체제 강의 \(i + 21)쪽에서 다룬다."],
                                    pages: [21 + i]))
        }
        return NoteAnalysis(title: "운영체제와 네트워크", concepts: concepts, keywords: operatingSystems.keywords + englishNetworks.keywords)
    }()
}
