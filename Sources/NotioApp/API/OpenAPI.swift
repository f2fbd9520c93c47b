import Foundation
import NotioCore
import NotioHTTP

/// The OpenAPI 3.1 description of the JSON API, served at `/api/openapi.json`. Written by hand
/// beside the route table; a test checks that both list the same routes.
enum OpenAPIDocument {
    typealias Object = [String: Any]

    static func ref(_ name: String) -> Object { ["$ref": "#/components/schemas/\(name)"] }
    static func jsonBody(_ schema: Object) -> Object { ["required": true, "content": ["application/json": ["schema": schema]]] }
    static func answer(_ description: String, _ schema: Object? = nil) -> Object {
        var o: Object = ["description": description]
        if let schema { o["content"] = ["application/json": ["schema": schema]] }
        return o
    }
    /// A string schema whose values are an enum's cases: each list of values is the enum itself.
    static func values<Value: CaseIterable & RawRepresentable>(_ type: Value.Type, _ description: String? = nil) -> Object where Value.RawValue == String {
        var o: Object = ["type": "string", "enum": type.allCases.map(\.rawValue)]
        if let description { o["description"] = description }
        return o
    }
    static func errorAnswer(_ d: String) -> Object { answer(d, ref("Error")) }
    static func list(_ item: Object) -> Object { ["type": "object", "properties": ["items": ["type": "array", "items": item]]] }
    /// A page of a long list: its items and the cursor of the next page (null on the last).
    static func page(_ item: Object, with extra: Object = [:]) -> Object {
        ["type": "object", "required": ["items", "nextCursor"], "properties": extra.merging([
            "items": ["type": "array", "items": item],
            "nextCursor": ["type": ["string", "null"], "description": "pass as ?cursor= for the next page; null on the last page"]]) { a, _ in a }]
    }
    /// A component's object schema with more properties: answers that add to a shared shape are
    /// described whole, so a test can hold every answer to exactly the fields it lists.
    static func extending(_ component: String, _ more: Object) -> Object {
        var object = (schemas.merging(readingSchemas) { a, _ in a })[component] as! Object
        object["properties"] = (object["properties"] as! Object).merging(more) { a, _ in a }
        return object
    }
    /// The error answer of every status an operation does not list by itself: 400 malformed body,
    /// 401 not signed in, 403 CSRF or read-only demo, 404, 405, 413, 415, 429, 503.
    static var otherErrors: Object { errorAnswer("Any other status: an error with its stable code") }
    /// `limit` and `cursor` of every paginated list.
    static var pageParameters: [Object] { [
        query("limit", ["type": "integer", "minimum": 1, "maximum": 200, "default": 50], "rows per page; more than 200 is refused with 422"),
        query("cursor", ["type": "string"], "the nextCursor of the page before; opaque"),
    ] }
    static let pageError = "limit out of 1...200, or a cursor this server did not make (error.fields names it)"
    static func query(_ name: String, _ schema: Object, _ description: String? = nil) -> Object {
        var o: Object = ["name": name, "in": "query", "schema": schema]
        if let description { o["description"] = description }
        return o
    }

    /// Every area's operations in one table.
    static var allPaths: [String: [String: Object]] {
        paths.merging(readingPaths) { a, _ in a }
    }

    /// Operations by path and method.
    static var paths: [String: [String: Object]] { [
        "/healthz": ["get": ["summary": "200 when the database answers", "security": [], "responses": ["200": answer("Healthy"), "503": answer("Database unavailable")]]],
        "/api/openapi.json": ["get": ["summary": "This document", "security": [], "responses": ["200": answer("OpenAPI 3.1 document")]]],
        "/api/v1/auth/signup": ["post": [
            "summary": "Create an account and sign in", "security": [],
            "requestBody": jsonBody(["type": "object", "required": ["email", "password", "name", "agreeTerms"], "properties": [
                "email": ["type": "string", "format": "email"], "password": ["type": "string", "minLength": 8],
                "name": ["type": "string", "maxLength": 50], "agreeTerms": ["type": "boolean", "const": true],
                "language": values(Language.self)]]),
            "responses": ["201": answer("Signed in; sets the session cookie", ref("SignedIn")), "400": errorAnswer("Malformed JSON"),
                          "409": errorAnswer("email_taken"), "422": errorAnswer("Invalid values, named in error.fields (an email with invisible or look-alike characters too)"),
                          "429": errorAnswer("too_many_signups: NOTIO_SIGNUPS_PER_HOUR from this address; Retry-After"),
                          "503": errorAnswer("busy: too many password checks waiting; Retry-After")]]],
        "/api/v1/auth/email-available": ["get": [
            "summary": "Whether an email can still be used to sign up", "security": [],
            "parameters": [["name": "email", "in": "query", "required": true, "schema": ["type": "string"]]],
            "responses": ["200": answer("Availability", ["type": "object", "properties": ["available": ["type": "boolean"], "valid": ["type": "boolean", "const": true]]]),
                          "422": errorAnswer("An email that can never be used (format, invisible or look-alike characters); the reason in error.message"),
                          "429": errorAnswer("too_many_lookups: NOTIO_EMAIL_LOOKUPS_PER_MINUTE from this address; Retry-After")]]],
        "/api/v1/auth/login": ["post": [
            "summary": "Sign in", "security": [],
            "requestBody": jsonBody(["type": "object", "required": ["email", "password"], "properties": [
                "email": ["type": "string"], "password": ["type": "string"]]]),
            "responses": ["200": answer("Signed in; sets the session cookie", ref("SignedIn")), "401": errorAnswer("invalid_credentials"),
                          "422": errorAnswer("An email that can never be used (format, invisible or look-alike characters)"),
                          "429": errorAnswer("too_many_attempts: 5 per email or 20 per address in 15 minutes, counted before the password is checked; Retry-After"),
                          "503": errorAnswer("busy: too many password checks waiting (NOTIO_LOGIN_QUEUE); Retry-After")]]],
        "/api/v1/auth/logout": ["post": ["summary": "Sign out", "responses": ["204": answer("Session ended"), "403": errorAnswer("CSRF token missing")]]],
        "/api/v1/me": [
            "get": ["summary": "The signed-in account and its CSRF token", "responses": ["200": answer("The account", ref("SignedIn")), "401": errorAnswer("Not signed in")]],
            "patch": ["summary": "Change the name, language, time zone, or whether saved sentences come back in 오늘 복습",
                      "requestBody": jsonBody(["type": "object", "properties": ["language": values(Language.self), "timeZone": ["type": "string"],
                                                                                "sentenceReview": ["type": "boolean"],
                                                                                "name": ["type": "string", "minLength": 1, "maxLength": AccountRules.maximumNameLength]]]),
                      "responses": ["200": answer("The account", ref("SignedIn")), "422": errorAnswer("Invalid values")]],
            "delete": ["summary": "Delete the account and everything it owns (rows and files); the password confirms it",
                       "requestBody": jsonBody(["type": "object", "required": ["password"], "properties": ["password": ["type": "string"]]]),
                       "responses": ["204": ["description": "Deleted; the session cookie is cleared"], "403": errorAnswer("wrong_password, or read_only for guests"),
                                     "429": errorAnswer("too_many_attempts: counted like sign-ins"), "503": errorAnswer("busy")]],
        ],
        "/api/v1/me/email": ["post": ["summary": "Change the sign-in email; the password confirms it",
            "requestBody": jsonBody(["type": "object", "required": ["email", "password"], "properties": ["email": ["type": "string"], "password": ["type": "string"]]]),
            "responses": ["200": answer("The account", ref("SignedIn")), "403": errorAnswer("wrong_password, or read_only for guests"),
                          "409": errorAnswer("email_taken"), "422": errorAnswer("An email that can never be used"),
                          "429": errorAnswer("too_many_attempts: counted like sign-ins"), "503": errorAnswer("busy")]]],
        "/api/v1/me/password": ["post": ["summary": "Change the password; every other session of the reader ends",
            "requestBody": jsonBody(["type": "object", "required": ["currentPassword", "newPassword"],
                                     "properties": ["currentPassword": ["type": "string"], "newPassword": ["type": "string", "minLength": 8]]]),
            "responses": ["204": ["description": "Changed"], "403": errorAnswer("wrong_password, or read_only for guests"),
                          "422": errorAnswer("newPassword too short"), "429": errorAnswer("too_many_attempts: counted like sign-ins"), "503": errorAnswer("busy")]]],
        "/api/v1/me/sessions/revoke-others": ["post": ["summary": "Sign out every other device of the reader",
            "responses": ["204": ["description": "Every other session ended"], "401": errorAnswer("Not signed in")]]],
        "/api/v1/notes": [
            "post": ["summary": "Upload a lecture PDF; its analysis runs as a job",
                     "requestBody": ["required": true, "content": ["multipart/form-data": ["schema": ["type": "object", "required": ["file"], "properties": [
                        "file": ["type": "string", "format": "binary"], "category": values(NoteCategory.self),
                        "title": ["type": "string", "maxLength": NoteRules.maxTitle]]]]]],
                     "responses": ["202": answer("Accepted", ["type": "object", "properties": ["note": ref("NoteSummary"), "job": ref("Job")]]),
                                   "413": errorAnswer("Larger than the upload limit, or storage_full: past NOTIO_MAX_STORED_MB_PER_ACCOUNT"),
                                   "415": errorAnswer("Not a PDF"), "422": errorAnswer("No file, empty file or bad category"),
                                   "429": errorAnswer("too_many_jobs: the reader already has NOTIO_MAX_QUEUED_JOBS notes waiting")]],
            "get": ["summary": "My notes, newest first",
                    "parameters": [["name": "q", "in": "query", "schema": ["type": "string"], "description": "title, keyword or concept name; Korean substrings, 1-2 characters too"],
                                   ["name": "category", "in": "query", "schema": values(NoteCategory.self)],
                                   ["name": "favorite", "in": "query", "schema": ["type": "boolean"]]] + pageParameters,
                    "responses": ["200": answer("Notes", page(ref("NoteSummary"))), "422": errorAnswer("Bad category; " + pageError)]],
        ],
        "/api/v1/notes/{id}": [
            "get": ["summary": "A note with its concepts and keywords", "parameters": [idParameter],
                    "responses": ["200": answer("The note", ref("Note")), "404": errorAnswer("Absent or not yours")]],
            "patch": ["summary": "Rename, change category, favourite", "parameters": [idParameter],
                      "requestBody": jsonBody(["type": "object", "properties": ["title": ["type": "string"], "category": values(NoteCategory.self), "favorite": ["type": "boolean"]]]),
                      "responses": ["200": answer("The note", ref("Note")), "404": errorAnswer("Absent or not yours"), "422": errorAnswer("Invalid values")]],
            "delete": ["summary": "Delete a note (and stop its analysis)", "parameters": [idParameter],
                       "responses": ["204": answer("Deleted"), "404": errorAnswer("Absent or not yours")]],
        ],
        "/api/v1/notes/{id}/source": ["get": ["summary": "The uploaded text, page by page", "parameters": [idParameter],
            "responses": ["200": answer("Pages", ["type": "object", "properties": ["pages": ["type": "array", "items": ["type": "object", "properties": ["number": ["type": "integer"], "text": ["type": "string"]]]]]]),
                          "404": errorAnswer("Absent or not yours")]]],
        "/api/v1/jobs/{id}": ["get": ["summary": "A job's state", "parameters": [idParameter], "responses": ["200": answer("The job", ref("Job")), "404": errorAnswer("Absent or not yours")]]],
        "/api/v1/jobs/{id}/events": ["get": ["summary": "Server-Sent Events (event: job) with the job's state, until it finishes", "parameters": [idParameter],
            "responses": ["200": ["description": "text/event-stream", "content": ["text/event-stream": ["schema": ["type": "string"]]]], "404": errorAnswer("Absent or not yours")]]],
        "/api/v1/jobs/{id}/cancel": ["post": ["summary": "Stop a job; the note it was making is removed", "parameters": [idParameter],
            "responses": ["202": answer("Cancelling", ref("Job")), "404": errorAnswer("Absent or not yours")]]],
        "/api/v1/notes/{id}/quizzes": ["post": ["summary": "Make a quiz on demand (no answers in the reply)", "parameters": [idParameter],
            "requestBody": jsonBody(["type": "object", "required": ["difficulty", "count"], "properties": [
                "difficulty": values(Difficulty.self, "하 / 중 / 상"),
                "count": ["type": "integer", "minimum": QuizRules.counts.lowerBound, "maximum": QuizRules.counts.upperBound]]]),
            "responses": ["201": answer("The quiz: only new questions, never padded with earlier ones; fewer than requested comes with a notice",
                                        ["type": "object", "properties": ["quiz": ref("Quiz"), "requested": ["type": "integer"],
                                                                          "notice": ["type": ["string", "null"]]]]),
                          "404": errorAnswer("Absent or not yours"),
                          "409": errorAnswer("note_not_ready, no_questions, or no_new_questions (every new question was asked)"),
                          "422": errorAnswer("Bad difficulty or count")]]],
        "/api/v1/notes/{id}/quiz-supply": ["get": ["summary": "How many new questions a quiz at each level can hold now (counted by the same generation as a new quiz; null when the provider cannot tell in advance)",
            "parameters": [idParameter],
            "responses": ["200": answer("Per level", ["type": "object", "properties": [
                "easy": ref("QuizSupplyLevel"), "medium": ref("QuizSupplyLevel"), "hard": ref("QuizSupplyLevel"),
                "perQuiz": ["type": "integer", "description": "The most one quiz asks"]]]),
                          "404": errorAnswer("Absent or not yours"), "409": errorAnswer("note_not_ready")]]],
        "/api/v1/quizzes/{id}": ["get": ["summary": "A quiz as its taker sees it", "parameters": [idParameter],
            "responses": ["200": answer("The quiz", ["type": "object", "properties": ["quiz": ref("Quiz")]]), "404": errorAnswer("Absent or not yours")]]],
        "/api/v1/quizzes/{id}/attempts": ["post": ["summary": "Submit the answers; every question is graded (an unanswered one is wrong)", "parameters": [idParameter],
            "requestBody": jsonBody(["type": "object", "required": ["answers"], "properties": ["answers": ["type": "array", "items": ["type": "object", "required": ["questionId"],
                "properties": ["questionId": ["type": "string"], "choice": ["type": "integer", "minimum": 0, "maximum": 3], "text": ["type": "string"]]]]]]),
            "responses": ["201": answer("The graded attempt", ["type": "object", "properties": ["attempt": ref("Attempt"), "learningRate": ["type": "number"], "status": ["type": "string"]]]),
                          "404": errorAnswer("Absent or not yours"), "409": errorAnswer("already_answered"), "422": errorAnswer("An answer for another quiz, twice, or out of range")]]],
        "/api/v1/notes/{id}/attempts": ["get": ["summary": "The note's attempt history, newest first, with accuracy, questions solved and wrong count over all of it",
            "parameters": [idParameter] + pageParameters,
            "responses": ["200": answer("History", page(ref("Attempt"), with: ["summary": ["type": "object", "properties": [
                "attempts": ["type": "integer"], "solved": ["type": "integer"], "wrong": ["type": "integer"], "accuracy": ["type": ["number", "null"]],
                "learningRate": ["type": ["number", "null"]], "status": ["type": "string", "enum": ["in_progress", "done"]]]]])),
                          "404": errorAnswer("Absent or not yours"), "422": errorAnswer(pageError)]]],
        "/api/v1/attempts/{id}": ["get": ["summary": "One attempt: every question, my answer, the right answer", "parameters": [idParameter],
            "responses": ["200": answer("The attempt", ["type": "object", "properties": ["attempt": ref("Attempt")]]), "404": errorAnswer("Absent or not yours")]]],
        "/api/v1/notes/{id}/wrong-answers": ["get": ["summary": "The note's wrong-answer notebook, most recently missed first", "parameters": [idParameter] + pageParameters,
            "responses": ["200": answer("Entries", page(ref("WrongAnswer"))), "404": errorAnswer("Absent or not yours"), "422": errorAnswer(pageError)]]],
        "/api/v1/notes/{id}/wrong-answers/quiz": ["post": ["summary": "틀린 문제만 다시 풀기: a quiz of exactly the notebook's questions", "parameters": [idParameter],
            "responses": ["201": answer("The quiz", ["type": "object", "properties": ["quiz": ref("Quiz")]]), "404": errorAnswer("Absent or not yours"), "409": errorAnswer("notebook_empty")]]],
        "/api/v1/wrong-answers": ["get": ["summary": "The notebook across all notes, most recently missed first", "parameters": pageParameters,
            "responses": ["200": answer("Entries", page(ref("WrongAnswer"))), "422": errorAnswer(pageError)]]],
        "/api/v1/stats/study": ["get": ["summary": "Streak, this week's volume, totals, reviews due (in the user's time zone)",
            "responses": ["200": answer("Statistics", ["type": "object", "properties": [
                "streakDays": ["type": "integer"], "reviewDue": ["type": "integer"], "timeZone": ["type": "string"],
                "thisWeek": ["type": "object", "properties": ["questions": ["type": "integer"], "attempts": ["type": "integer"], "days": ["type": "integer"]]],
                "totals": ["type": "object", "properties": ["solved": ["type": "integer"], "correct": ["type": "integer"], "wrong": ["type": "integer"], "accuracy": ["type": "number"]]]]])]]],
        "/api/v1/review": ["get": ["summary": "오늘 복습: wrong answers and saved sentences due by the FSRS schedule (sentences saved a day ago or more, at most 3 new a day, unless the reader turned them off)",
            "responses": ["200": answer("Due items", ["type": "object", "properties": [
            "due": ["type": "integer", "description": "Items due now, both kinds"], "items": ["type": "array", "items": ["type": "object", "required": ["itemKind", "due"], "properties": [
                "itemKind": ["type": "string", "enum": ["question", "sentence"]],
                "question": ref("Question"), "noteId": ["type": "string"], "noteTitle": ["type": "string"], "due": ["type": "string", "format": "date-time"],
                "sentence": ["type": "object", "description": "For itemKind sentence: the reader's sentence with one or two words blanked (____)", "properties": [
                    "id": ["type": "string"], "bookId": ["type": "string"], "bookTitle": ["type": "string"], "page": ["type": ["integer", "null"]],
                    "cloze": ["type": "string"], "blankCount": ["type": "integer"], "isNew": ["type": "boolean"]]]]]]]])]]],
        "/api/v1/review/{questionId}": ["post": ["summary": "Answer a due item: a question (right: Good, wrong: Again) or a sentence (every blank right: Good, some: Hard, none: Again); the schedule moves on",
            "parameters": [["name": "questionId", "in": "path", "required": true, "description": "A question's or a sentence's id", "schema": ["type": "string"]]],
            "requestBody": jsonBody(["type": "object", "properties": ["choice": ["type": "integer"], "text": ["type": "string"],
                                                                      "blanks": ["type": "array", "items": ["type": "string"], "description": "A sentence's missing words, in order"]]]),
            "responses": ["200": answer("Graded, with the next due time", ["type": "object", "properties": [
                "itemKind": ["type": "string", "enum": ["question", "sentence"]],
                "isCorrect": ["type": "boolean"], "given": ["type": "string"], "correctAnswer": ["type": "string"], "correctIndex": ["type": "integer"],
                "conceptName": ["type": "string"], "nextDue": ["type": "string", "format": "date-time"],
                "reason": ref("AnswerReason"), "reasonMessage": ["type": "string", "description": "Why it was accepted or refused, in the reader's language"],
                "blanks": ["type": "array", "items": ["type": "object", "properties": ["given": ["type": "string"], "answer": ["type": "string"], "isCorrect": ["type": "boolean"]]]],
                "text": ["type": "string", "description": "The whole sentence"], "bookTitle": ["type": "string"], "page": ["type": ["integer", "null"]]]]),
                          "404": errorAnswer("Absent, not yours or not scheduled"), "422": errorAnswer("blanks: not one word per blank")]]],
    ] }

    static var idParameter: Object { ["name": "id", "in": "path", "required": true, "schema": ["type": "string"]] }

    static var schemas: Object { [
        "Question": ["type": "object", "properties": [
            "id": ["type": "string"], "kind": values(QuestionKind.self), "form": ["type": "string"], "prompt": ["type": "string"],
            "options": ["type": "array", "items": ["type": "string"]], "page": ["type": "integer"],
            "label": ["type": ["string", "null"], "description": "The concept a definition, detail or comparison question is about; never contains the answer"]]],
        "QuizSupplyLevel": ["type": "object", "properties": [
            "newQuestions": ["type": ["integer", "null"]], "message": ["type": ["string", "null"], "description": "In the reader's language"]]],
        "Quiz": ["type": "object", "properties": [
            "id": ["type": "string"], "noteId": ["type": "string"], "difficulty": values(Difficulty.self), "difficultyLabel": ["type": "string"],
            "origin": values(QuizRecord.Origin.self), "createdAt": ["type": "string", "format": "date-time"],
            "attemptId": ["type": "string"], "questions": ["type": "array", "items": ref("Question")]]],
        "Attempt": ["type": "object", "properties": [
            "id": ["type": "string"], "quizId": ["type": "string"], "noteId": ["type": "string"], "difficulty": values(Difficulty.self),
            "origin": values(QuizRecord.Origin.self), "createdAt": ["type": "string", "format": "date-time"],
            "correctCount": ["type": "integer"], "total": ["type": "integer"], "accuracy": ["type": "number"],
            "answers": ["type": "array", "items": ["type": "object", "properties": [
                "questionId": ["type": "string"], "kind": values(QuestionKind.self), "prompt": ["type": "string"],
                "options": ["type": "array", "items": ["type": "string"]], "given": ["type": "string"], "choice": ["type": "integer"],
                "correctAnswer": ["type": "string"], "correctIndex": ["type": "integer"], "isCorrect": ["type": "boolean"],
                "conceptName": ["type": "string"], "page": ["type": "integer"], "explanation": ["type": "string"],
                "reason": ref("AnswerReason"), "reasonMessage": ["type": "string", "description": "Why it was accepted or refused, in the reader's language"]]]]]],
        "AnswerReason": ["type": "string", "enum": ["exact", "spacing_or_case", "particle", "other_spelling", "head_noun", "spelled_number", "typo",
                                                    "right_option", "other_option", "blank", "opposite", "other_number", "different"]],
        "NoteSummary": ["type": "object", "properties": [
            "id": ["type": "string"], "title": ["type": "string"], "category": values(NoteCategory.self),
            "categoryLabel": ["type": "string"], "fileName": ["type": "string", "description": "the uploaded file's name"], "favorite": ["type": "boolean"], "status": ["type": "string", "enum": ["in_progress", "done"]], "learningRate": ["type": "number"],
            "keywords": ["type": "array", "items": ["type": "string"]], "createdAt": ["type": "string", "format": "date-time"],
            "state": values(NoteState.self), "error": ["type": "string"], "pageCount": ["type": "integer"],
            "jobId": ["type": "string"]]],
        "Concept": ["type": "object", "properties": [
            "id": ["type": "string"], "name": ["type": "string"], "summary": ["type": "string"], "definition": ["type": "string"],
            "keyPoints": ["type": "array", "items": ["type": "string"]],
            "comparison": ["type": "object", "properties": ["columns": ["type": "array", "items": ["type": "string"]], "rows": ["type": "array", "items": ["type": "array", "items": ["type": "string"]]]]],
            "pages": ["type": "array", "items": ["type": "integer"]]]],
        "Note": ["type": "object", "properties": [
            "id": ["type": "string"], "title": ["type": "string"], "category": ["type": "string"], "favorite": ["type": "boolean"],
            "status": ["type": "string"], "learningRate": ["type": "number"], "state": ["type": "string"],
            "error": ["type": "string"], "pageCount": ["type": "integer"], "createdAt": ["type": "string", "format": "date-time"], "jobId": ["type": "string"],
            "overview": ["type": "string", "description": "What the whole document is about: the opening sentences of its first cards' summaries"],
            "concepts": ["type": "array", "items": ref("Concept")],
            "keywords": ["type": "array", "items": ["type": "object", "properties": ["term": ["type": "string"], "relatedTerms": ["type": "array", "items": ["type": "string"]]]]],
            "ocrPages": ["type": "array", "items": ["type": "integer"], "description": "Pages read by OCR: scanned, or with a broken text layer"]]],
        "Job": ["type": "object", "properties": [
            "id": ["type": "string"], "state": values(Job.State.self),
            "stage": ["type": "string", "enum": ["upload", "queued", "extract", "ocr", "analyse", "save"]], "progress": ["type": "number", "minimum": 0, "maximum": 1],
            "error": ["type": "string"], "noteId": ["type": "string"], "page": ["type": "integer"], "pages": ["type": "integer"]]],
        "WrongAnswer": ["type": "object", "properties": [
            "questionId": ["type": "string"], "kind": ["type": "string"], "prompt": ["type": "string"], "options": ["type": "array", "items": ["type": "string"]],
            "correctAnswer": ["type": "string"], "lastGiven": ["type": "string"], "wrongCount": ["type": "integer"], "conceptName": ["type": "string"],
            "page": ["type": "integer"], "noteId": ["type": "string"], "noteTitle": ["type": "string"], "lastWrongAt": ["type": "string", "format": "date-time"],
            "reason": ref("AnswerReason"), "reasonMessage": ["type": "string"]]],
        "Error": ["type": "object", "required": ["error"], "properties": ["error": ["type": "object", "required": ["code", "message"], "properties": [
            "code": ["type": "string"], "message": ["type": "string"], "fields": ["type": "object", "additionalProperties": ["type": "string"]]]]]],
        "User": ["type": "object", "required": ["id", "email", "name"], "properties": [
            "id": ["type": "string"], "email": ["type": "string"], "name": ["type": "string"], "language": ["type": "string"], "timeZone": ["type": "string"],
            "sentenceReview": ["type": "boolean", "description": "Whether saved sentences come back in 오늘 복습"]]],
        "SignedIn": ["type": "object", "required": ["user", "csrfToken"], "properties": [
            "user": ref("User"), "csrfToken": ["type": "string"], "readOnly": ["type": "boolean"]]],
    ] }

    static var document: Object { [
        "openapi": "3.1.0",
        "info": ["title": "Notio API", "version": "1.0.0",
                 "description": "Errors are {\"error\":{\"code\",\"message\"}}. Requests that change state with the session cookie carry X-CSRF-Token."],
        "servers": [["url": "/"]],
        "paths": allPaths.mapValues { operations in
            operations.mapValues { operation in
                var operation = operation
                var responses = operation["responses"] as? Object ?? [:]
                responses["default"] = otherErrors
                operation["responses"] = responses
                return operation
            }
        },
        "components": ["schemas": schemas.merging(readingSchemas) { a, _ in a },
                       "securitySchemes": ["session": ["type": "apiKey", "in": "cookie", "name": "notio_session"]]],
        "security": [["session": []]],
    ] }

    /// (METHOD, path) pairs the document describes.
    static var operations: Set<String> {
        Set(allPaths.flatMap { path, ops in ops.keys.map { "\($0.uppercased()) \(path)" } })
    }

    /// Written on the first request for it, not at start-up: sorting the keys compares them
    /// under a locale, which maps megabytes of ICU data into an idle server.
    static let response: Response = Response.json(try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
}
