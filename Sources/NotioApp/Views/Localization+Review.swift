extension L10n {
    /// Saved sentences in 오늘 복습, the setting that turns them off, and the guest's quiz on a demo note.
    static let review: [String: (ko: String, en: String)] = [
        "review.subtitleWithSentences": ("틀렸던 문제와 담아 둔 문장을 잊기 전에 다시 떠올려요.",
                                         "Recall what you got wrong and the sentences you kept before you forget them."),
        "review.sentence.prompt": ("내가 담은 문장이에요. 빈칸에 들어갈 말을 떠올려 써 보세요.",
                                   "A sentence you kept. Write the missing words."),
        "review.sentence.blank": ("빈칸 %@", "Blank %@"),
        "review.sentence.missing": ("빠진 말", "Missing words"),
        "review.sentence.partly": ("일부 맞았어요.", "Partly right."),
        "error.review_blanks": ("빈칸 %@개에 하나씩 답을 보내 주세요.", "Send one answer for each of the %@ blanks."),
        "settings.review.title": ("오늘 복습", "Today's review"),
        "settings.review.sentences": ("담은 문장도 오늘 복습에 넣기", "Include kept sentences in today's review"),
        "settings.review.hint": ("담은 지 하루가 지난 문장이 오래된 것부터 하루 3개씩 들어와요.",
                                 "Sentences kept at least a day ago come in, oldest first, three a day."),
        "settings.review.save": ("저장", "Save"),
        "trial.title": ("퀴즈 맛보기", "Try a quiz"),
        "trial.start": ("퀴즈 맛보기", "Try a quiz"),
        "trial.nothingStored": ("둘러보기 중에는 답과 결과가 저장되지 않아요.", "While browsing, your answers and result are not saved."),
        "trial.none": ("이 노트에는 아직 풀어 볼 문제가 없어요.", "This note has no questions to try yet."),
        "trial.inviteTitle": ("내 자료로 퀴즈를 만들어 보세요", "Make quizzes from your own material"),
        "trial.invite": ("가입하면 내 PDF로 문제를 만들고, 틀린 문제와 담은 문장이 오늘 복습으로 돌아와요.",
                         "Sign up to make questions from your own PDFs; what you miss and the sentences you keep come back in today's review."),
        "trial.again": ("다시 풀기", "Try again"),
        "trial.yourAnswer": ("내 답", "Your answer"),
        "settings.review.saved": ("오늘 복습 설정을 저장했어요.", "Review setting saved."),
    ]
}
