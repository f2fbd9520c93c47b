/// Book-like Korean sentences with English names and words inside, the way essays and novels in
/// translation mix them: Latin words glued to Korean particles ("Paris의"), stand-alone names,
/// acronyms and numbers. Pages are drawn from these, so OCR is measured on the text a reader
/// would really underline.
enum Corpus {
    static let sentences: [String] = [
        "그는 Paris의 작은 서점에서 오래된 시집 한 권을 집어 들었다.",
        "비가 그친 오후, 우리는 London의 좁은 골목을 따라 천천히 걸었다.",
        "그녀는 Virginia Woolf의 문장을 소리 내어 읽으며 창밖을 바라보았다.",
        "책상 위에는 반쯤 마신 coffee와 밑줄이 가득한 노트가 놓여 있었다.",
        "할머니는 1950년대의 이야기를 마치 어제 일처럼 생생하게 들려주셨다.",
        "그가 보낸 편지의 마지막 줄에는 See you in April이라는 인사가 짧게 적혀 있었다.",
        "기억이란 결국 우리가 스스로에게 들려주는 이야기일지도 모른다.",
        "도서관의 낡은 목록 카드에는 Kafka라는 이름이 연필로 희미하게 적혀 있었다.",
        "아침마다 그는 Bach의 무반주 첼로 모음곡을 틀어 놓고 하루를 시작했다.",
        "우리는 New York으로 떠나는 마지막 기차를 놓치고 역 앞 식당에 앉았다.",
        "번역은 한 언어의 침묵을 다른 언어의 목소리로 옮기는 일이라고 그는 말했다.",
        "그 소설의 주인공은 Tokyo의 변두리에서 작은 세탁소를 운영하는 노인이다.",
        "창가에 앉은 학생은 Python 교재를 펼쳐 둔 채 깜빡 잠이 들어 있었다.",
        "낯선 도시에서 길을 잃는 것도 여행의 일부라는 사실을 그때 처음 알았다.",
        "선생님은 칠판에 Socrates의 질문을 적고 한참 동안 아무 말도 하지 않았다.",
        "여름 방학 동안 나는 Hemingway의 단편을 하루에 한 편씩 베껴 썼다.",
        "그 시절 우리에게 필요한 것은 거창한 계획이 아니라 조용한 저녁이었다.",
        "편집자는 원고의 3장 전체를 다시 쓰자고 조심스럽게 제안했다.",
        "그녀가 좋아하는 단어는 serendipity였고, 그 뜻을 설명할 때마다 웃었다.",
        "바람이 불 때마다 마당의 감나무 잎이 낮은 소리로 서로 부딪쳤다.",
        "Berlin에서 돌아온 뒤로 그는 한동안 아무것도 쓰지 못했다.",
        "오래된 라디오에서는 BBC 뉴스가 잡음 섞인 목소리로 흘러나왔다.",
        "우리는 흔히 시간이 부족하다고 말하지만, 사실은 마음이 부족한 것이다.",
        "그는 Darwin의 항해 일지를 읽으며 한 번도 본 적 없는 바다를 상상했다.",
        "서점 주인은 계산대 뒤에서 Le Monde를 접어 들고 안경을 고쳐 썼다.",
        "어머니의 요리법은 어디에도 적혀 있지 않았고, 오직 손끝에만 남아 있었다.",
        "강의가 끝나자 교수는 Shakespeare의 소네트 한 편을 외워 오라고 했다.",
        "기차가 터널을 빠져나오자 눈 덮인 들판이 끝없이 펼쳐졌다.",
        "그의 책장에는 Orwell의 에세이집과 낡은 지도책이 나란히 꽂혀 있었다.",
        "작은 마을의 우체국은 오후 5시면 어김없이 문을 닫았다.",
        "나는 그 문장에 밑줄을 긋고 여백에 짧은 질문 하나를 적어 두었다.",
        "그녀는 Seoul과 Lisbon 사이 어딘가에 자신의 집이 있다고 농담처럼 말했다.",
        "읽는다는 것은 다른 사람의 시간 속에 잠시 머무는 일이다.",
        "그 실험실의 연구원들은 DNA 구조에 관한 논문을 밤새 고쳐 썼다.",
        "겨울 바다는 생각보다 조용했고, 파도 소리만이 규칙적으로 들려왔다.",
        "그는 Einstein의 편지 한 구절을 수첩 첫 장에 옮겨 적었다.",
        "친구는 오래된 Nikon 카메라로 골목의 간판들을 하나씩 찍었다.",
        "모든 이야기는 누군가의 질문에서 시작된다고 작가는 믿었다.",
        "회의가 끝난 뒤 우리는 Google 지도를 보며 근처의 조용한 찻집을 찾았다.",
        "그날 밤 우리는 Chopin의 녹턴을 들으며 오래도록 이야기를 나누었다.",
        "논문의 결론은 단순했지만, 그 단순함에 이르기까지 10년이 걸렸다.",
        "그는 Amsterdam의 운하를 따라 걷다가 작은 헌책방을 발견했다.",
    ]

    /// Paragraphs of distinct sentences, chosen by the generator.
    static func paragraphs(count: Int, sentencesEach: ClosedRange<Int>, using random: inout SeededRandom) -> [String] {
        var pool = sentences.shuffled(using: &random)
        return (0..<count).map { _ in
            let n = min(random.int(sentencesEach), pool.count)
            let chosen = pool.prefix(n)
            pool.removeFirst(n)
            return chosen.joined(separator: " ")
        }
    }
}
