extension Pages {
    /// `GET /terms`: terms of use and privacy policy for a self-hosted server.
    public static func terms(_ ctx: PageContext) -> String {
        let text = ctx.language == .ko ? termsKorean : termsEnglish
        let body: HTML = """
        <article class="card prose terms" aria-labelledby="terms-title">
          <h1 id="terms-title">\(ctx.t("terms.title"))</h1>
          \(text)
          <p><a class="button button-secondary" href="\(Paths.signup)">\(ctx.t("terms.back"))</a></p>
        </article>
        """
        return Layout.page(ctx: ctx, title: ctx.t("terms.title"), body: body, chrome: ctx.user == nil && !ctx.isGuest ? .bare : .app, bodyClass: "page-terms")
    }

    static let termsKorean: HTML = """
    <p class="muted">이 Notio 서버는 운영자가 직접 설치해 운영하는 자체 호스팅 서비스예요. 아래 내용은 이 서버에만 해당해요.</p>
    <h2>1. 서비스</h2>
    <p>Notio는 강의 자료를 정리하고 퀴즈로 복습하는 <strong>노트</strong>와, 책 속 문장을 모으고 독서 시간을 기록하는 <strong>밑줄</strong>을 제공해요. 운영자는 서비스를 알리지 않고 바꾸거나 멈출 수 있어요.</p>
    <h2>2. 저장하는 정보</h2>
    <ul>
      <li>계정: 이름, 이메일, 비밀번호(Argon2id로 변환한 값만 저장하며 원문은 저장하지 않아요)</li>
      <li>올린 내용: PDF와 그 텍스트, 개념 카드, 퀴즈와 풀이 기록, 책, 문장, 사진, 독서 기록</li>
      <li>로그인 세션: 쿠키에 담긴 무작위 토큰(서버에는 변환한 값만 저장), 마지막 사용 시각</li>
      <li>설정: 언어, 시간대</li>
    </ul>
    <h2>3. 데이터가 있는 곳</h2>
    <p>모든 데이터는 이 서버의 데이터 폴더에만 저장돼요. 광고나 분석 도구를 쓰지 않고, 제3자에게 팔거나 넘기지 않아요. 운영자가 외부 AI 또는 도서 검색 서비스를 켠 경우에만, 그 기능을 쓸 때 필요한 내용(노트 텍스트, 검색어)이 해당 서비스로 전송돼요.</p>
    <h2>4. 계정 삭제</h2>
    <p>설정에서 계정을 삭제하거나 운영자에게 요청하면, 계정과 그에 속한 모든 노트, 문장, 기록이 이 서버에서 지워져요. 삭제 전에 JSON 백업으로 내 데이터를 내려받을 수 있어요.</p>
    <h2>5. 백업</h2>
    <p>운영자가 서버 전체를 백업할 수 있고, 삭제된 데이터는 그 백업이 교체될 때까지 백업 파일에 남아 있을 수 있어요. 백업은 이 서버와 같은 수준으로 보호돼요.</p>
    <h2>6. 이용자의 책임</h2>
    <p>권리가 있는 자료만 올려 주세요. 다른 사람의 계정에 접근하거나 서버에 과도한 부하를 주는 행위는 금지돼요.</p>
    <h2>7. 문의</h2>
    <p>이 서버의 운영자에게 문의해 주세요.</p>
    """

    static let termsEnglish: HTML = """
    <p class="muted">This Notio server is self-hosted: it is installed and run by its operator. What follows applies to this server only.</p>
    <h2>1. The service</h2>
    <p>Notio offers <strong>Notes</strong>, which turns lecture material into concept cards and quizzes, and <strong>Underline</strong>, which collects sentences from books and records reading time. The operator may change or stop the service without notice.</p>
    <h2>2. What is stored</h2>
    <ul>
      <li>Your account: name, email, password (only an Argon2id hash, never the password itself)</li>
      <li>What you add: PDFs and their text, concept cards, quizzes and attempts, books, sentences, photos, reading sessions</li>
      <li>Sign-in sessions: a random token in a cookie (only its hash on the server) and when it was last used</li>
      <li>Settings: language and time zone</li>
    </ul>
    <h2>3. Where your data lives</h2>
    <p>All data is stored in this server's data directory only. There are no ads or analytics, and nothing is sold or handed to third parties. Only if the operator turns on an outside AI or book-search service is the content that feature needs (note text, search terms) sent to that service when you use it.</p>
    <h2>4. Deleting your account</h2>
    <p>Deleting your account in the settings, or asking the operator to, removes the account and all its notes, sentences and records from this server. You can download your data as a JSON backup first.</p>
    <h2>5. Backups</h2>
    <p>The operator may back up the whole server; deleted data may remain in such a backup until it is replaced. Backups are protected like the server itself.</p>
    <h2>6. Your part</h2>
    <p>Upload only material you have the right to use. Accessing other people's accounts or overloading the server is not allowed.</p>
    <h2>7. Contact</h2>
    <p>Please contact the operator of this server.</p>
    """
}
