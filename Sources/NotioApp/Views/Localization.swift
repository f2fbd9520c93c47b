/// Every interface string in Korean and English. Korean is the default; a key always has both,
/// so English is complete by construction. `ViewRenderingTests` checks that no page shows a raw key.
public enum L10n {
    /// The text for `key`; the key itself when it is unknown (visible in tests, never silent).
    public static func t(_ key: String, _ lang: Language) -> String {
        guard let entry = table[key] else { return key }
        switch lang {
        case .ko: return entry.ko
        case .en: return entry.en
        }
    }

    /// Every key, for tests.
    public static var keys: [String] { Array(table.keys) }

    static let table: [String: (ko: String, en: String)] = [
        // App
        "app.tagline": ("공부한 것과 읽은 것을 한곳에", "Everything you study and read, in one place"),
        "app.skip": ("본문으로 건너뛰기", "Skip to content"),
        "app.loading": ("불러오는 중…", "Loading…"),
        "app.continue": ("계속하기", "Continue"),
        // Navigation
        "nav.home": ("홈", "Home"),
        "nav.notes": ("노트", "Notes"),
        "nav.reading": ("밑줄", "Underline"),
        "nav.settings": ("설정", "Settings"),
        "nav.logout": ("로그아웃", "Log out"),
        "nav.main": ("주 메뉴", "Main menu"),
        "nav.login": ("로그인", "Log in"),
        "nav.signup": ("가입하기", "Sign up"),
        // Guest
        "guest.banner": ("둘러보기 중이에요 — 데모 계정을 읽기 전용으로 보고 있어요.", "You are browsing — this is the demo account, read-only."),
        "guest.signup": ("가입하기", "Sign up"),
        "guest.browse": ("둘러보기", "Look around"),
        "guest.exit": ("둘러보기 끝내기", "Stop browsing"),
        "guest.badge": ("둘러보기", "Guest"),
        // Onboarding
        "onboarding.title": ("Notio에 오신 걸 환영해요", "Welcome to Notio"),
        "onboarding.slides": ("소개", "Introduction"),
        "onboarding.slide1.title": ("노트", "Notes"),
        "onboarding.slide1.body": ("강의 PDF를 올리면 개념 카드로 정리하고, 퀴즈로 복습해요.", "Upload a lecture PDF: Notio turns it into concept cards, then quizzes you on them."),
        "onboarding.slide1.step1": ("PDF", "PDF"),
        "onboarding.slide1.step2": ("개념 카드", "Concept cards"),
        "onboarding.slide1.step3": ("퀴즈", "Quiz"),
        "onboarding.slide2.title": ("밑줄", "Underline"),
        "onboarding.slide2.body": ("책 속 문장에 밑줄을 그어 모으고, 타이머로 독서 시간을 재요.", "Underline sentences in your books to collect them, and time your reading."),
        "onboarding.slide2.step1": ("밑줄 그어 문장 수집", "Collect underlined sentences"),
        "onboarding.slide2.step2": ("독서 타이머", "Reading timer"),
        "onboarding.slide2.step3": ("통계", "Statistics"),
        "onboarding.slide3.title": ("먼저 둘러보기", "Look around first"),
        "onboarding.slide3.body": ("가입하지 않고도 데모 계정을 읽기 전용으로 둘러볼 수 있어요. 데이터는 이 서버에만 저장돼요.", "Browse the demo account read-only without signing up. Your data stays on this server."),
        "onboarding.next": ("다음", "Next"),
        "onboarding.prev": ("이전", "Previous"),
        "onboarding.slideLabel": ("슬라이드", "Slide"),
        "onboarding.start": ("시작하기", "Get started"),
        // Login
        "login.title": ("로그인", "Log in"),
        "login.heading": ("다시 만나서 반가워요", "Welcome back"),
        "login.submit": ("로그인", "Log in"),
        "login.noAccount": ("아직 계정이 없나요?", "No account yet?"),
        "login.or": ("또는", "or"),
        // Fields
        "field.name": ("이름", "Name"),
        "field.email": ("이메일", "Email"),
        "field.password": ("비밀번호", "Password"),
        "field.passwordConfirm": ("비밀번호 확인", "Confirm password"),
        "field.passwordHint": ("8자 이상", "At least 8 characters"),
        "field.show": ("표시", "Show"),
        // Sign-up
        "signup.title": ("회원가입", "Sign up"),
        "signup.heading": ("계정 만들기", "Create your account"),
        "signup.submit": ("가입하기", "Sign up"),
        "signup.haveAccount": ("이미 계정이 있나요?", "Already have an account?"),
        "signup.agree": ("이용약관 및 개인정보 처리방침에 동의해요", "I agree to the terms of use and privacy policy"),
        "signup.readTerms": ("약관 보기", "Read the terms"),
        "signup.strength": ("비밀번호 강도", "Password strength"),
        "signup.strength.weak": ("약함", "Weak"),
        "signup.strength.medium": ("보통", "Medium"),
        "signup.strength.strong": ("강함", "Strong"),
        "signup.strength.hint": ("영문 대소문자, 숫자, 기호를 섞으면 더 안전해요", "Mix upper and lower case, digits and symbols for a stronger password"),
        "signup.checking": ("확인 중…", "Checking…"),
        "signup.emailOk": ("사용할 수 있는 이메일이에요", "This email is available"),
        // Validation
        "error.nameRequired": ("이름을 입력해 주세요", "Please enter your name"),
        "error.emailInvalid": ("올바른 이메일 주소를 입력해 주세요", "Please enter a valid email address"),
        "error.emailTaken": ("이미 가입된 이메일이에요", "This email is already registered"),
        "error.passwordShort": ("비밀번호는 8자 이상이어야 해요", "The password must be at least 8 characters"),
        "error.passwordMismatch": ("비밀번호가 일치하지 않아요", "The passwords do not match"),
        "error.termsRequired": ("약관에 동의해 주세요", "Please agree to the terms"),
        "error.network": ("네트워크에 연결할 수 없어요", "Cannot reach the network"),
        // Terms
        "terms.title": ("이용약관 및 개인정보 처리방침", "Terms of use and privacy policy"),
        "terms.back": ("돌아가기", "Back"),
        // Home
        "home.title": ("홈", "Home"),
        "home.greeting": ("안녕하세요, %@님", "Hello, %@"),
        "home.subtitle": ("오늘은 무엇을 할까요?", "What would you like to do today?"),
        "home.notes.title": ("노트", "Notes"),
        "home.notes.desc": ("강의 자료를 개념 카드와 퀴즈로", "Lecture notes into concept cards and quizzes"),
        "home.notes.count": ("노트", "Notes"),
        "home.notes.streak": ("연속 학습", "Streak"),
        "home.notes.week": ("이번 주 문제", "Questions this week"),
        "home.notes.days": ("%@일", "%@ d"),
        "home.notes.empty": ("아직 노트가 없어요. 강의 PDF 하나로 시작해 보세요.", "No notes yet. Start with one lecture PDF."),
        "home.notes.cta": ("노트 시작하기", "Start with notes"),
        "home.notes.open": ("노트 열기", "Open notes"),
        "home.reading.title": ("밑줄", "Underline"),
        "home.reading.desc": ("책 속 문장을 모으고 독서 시간을 기록", "Collect sentences and track reading time"),
        "home.reading.books": ("책", "Books"),
        "home.reading.sentences": ("문장", "Sentences"),
        "home.reading.empty": ("아직 모은 문장이 없어요. 읽고 있는 책부터 추가해 보세요.", "No sentences yet. Add the book you are reading."),
        "home.reading.cta": ("밑줄 시작하기", "Start underlining"),
        "home.reading.open": ("밑줄 열기", "Open underline"),
        // Settings
        "settings.title": ("설정", "Settings"),
        "settings.account": ("계정", "Account"),
        "settings.language": ("언어", "Language"),
        "settings.timeZone": ("시간대", "Time zone"),
        "settings.save": ("저장", "Save"),
        "settings.saved": ("저장했어요", "Saved"),
        "settings.guestNote": ("둘러보기 중에는 설정을 바꿀 수 없어요.", "Settings cannot be changed while browsing."),
        // Errors
        "errorPage.title": ("문제가 생겼어요", "Something went wrong"),
        "errorPage.400": ("요청을 이해하지 못했어요", "The request could not be understood"),
        "errorPage.401": ("로그인이 필요해요", "Please log in"),
        "errorPage.403": ("이 페이지를 볼 수 없어요", "You cannot open this page"),
        "errorPage.404": ("페이지를 찾을 수 없어요", "Page not found"),
        "errorPage.405": ("허용되지 않는 요청이에요", "This request is not allowed"),
        "errorPage.413": ("파일이 너무 커요", "The file is too large"),
        "errorPage.429": ("요청이 너무 많아요. 잠시 후 다시 시도해 주세요", "Too many requests. Please try again shortly"),
        "errorPage.500": ("서버에 문제가 생겼어요", "The server ran into a problem"),
        "errorPage.home": ("홈으로", "Go home"),
        "errorPage.code": ("오류 코드", "Error code"),
        // Coming soon
        "comingSoon.body": ("곧 준비될 기능이에요. 조금만 기다려 주세요!", "This part is on its way. Check back soon!"),
        "comingSoon.back": ("홈으로 돌아가기", "Back to home"),
        // Offline
        "offline.title": ("오프라인", "Offline"),
    ]
}
