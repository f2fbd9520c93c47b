import Foundation
import NotioCore

/// The reading space's part of the OpenAPI document.
extension OpenAPIDocument {
    static let statuses = ["reading", "finished", "wishlist"]
    static var emotionIds: [Any] { Emotion.allCases.map(\.rawValue) }

    static var catalogItem: Object { ["type": "object", "properties": [
        "title": ["type": "string"], "author": ["type": "string"], "publisher": ["type": "string"], "isbn13": ["type": "string"],
        "coverUrl": ["type": "string"], "genre": ["type": "string"], "publishedAt": ["type": "string"]]] }
    static var catalogAnswer: Object { ["type": "object", "properties": [
        "provider": ["type": "string"], "attribution": ["type": "string"], "items": ["type": "array", "items": catalogItem]]] }

    static var readingPaths: [String: [String: Object]] { [
        "/api/v1/catalog/search": ["get": [
            "summary": "Search the book catalogs (Aladin, Open Library) in the configured order; an ISBN-10/13 query looks the book up",
            "parameters": [query("q", ["type": "string", "maxLength": 200]), query("provider", ["type": "string", "enum": ["aladin", "openlibrary"]], "ask only this catalog")],
            "responses": ["200": answer("Books found", catalogAnswer), "400": errorAnswer("invalid_query or unknown_provider"),
                          "503": errorAnswer("catalog_unavailable: no catalog could answer; add the book by hand")]]],
        "/api/v1/imports": ["post": [
            "summary": "Import Kindle My Clippings.txt, a Goodreads library CSV or a Readwise CSV; the same file twice adds nothing twice",
            "parameters": [query("dryRun", ["type": "boolean"], "count what would be added, store nothing")],
            "requestBody": ["required": true, "content": ["multipart/form-data": ["schema": ["type": "object", "required": ["file"], "properties": [
                "file": ["type": "string", "format": "binary"], "format": ["type": "string", "enum": ["auto", "kindle", "goodreads", "readwise"]]]]]]],
            "responses": ["201": answer("Imported", ["type": "object", "properties": ["format": ["type": "string"], "counts": ["type": "object", "properties": [
                "booksAdded": ["type": "integer"], "booksMatched": ["type": "integer"], "sentencesAdded": ["type": "integer"],
                "sentencesDuplicate": ["type": "integer"], "skipped": ["type": "integer"]]]]]),
                          "413": errorAnswer("Over 10 MB"), "422": errorAnswer("Not a file Notio can read (code names why: empty_file, not_text, unknown_format, missing_columns, malformed_csv, ...), or too_many_books / too_many_sentences: the import would pass the account's limit; nothing stored")]]],
        "/api/v1/ocr/underline": ["post": [
            "summary": "Read the words above underlines drawn on a page photo (Korean + English)",
            "requestBody": ["required": true, "content": ["multipart/form-data": ["schema": ["type": "object", "required": ["image", "strokes"], "properties": [
                "image": ["type": "string", "format": "binary", "description": "JPEG/PNG/WebP, ≤ 20 MB, ≤ 40 MP; EXIF orientation applied"],
                "strokes": ["type": "string", "description": "JSON [[{x,y},...],...] in pixels of the oriented image"]]]]]],
            "responses": ["200": answer("The underlined text (empty with a message when no word was touched)", ref("UnderlineResult")),
                          "400": errorAnswer("bad_strokes"), "413": errorAnswer("too_large / too_many_pixels"), "415": errorAnswer("not_an_image"),
                          "422": errorAnswer("damaged_image / strokes_outside_image / no image"), "503": errorAnswer("busy / ocr_unavailable"),
                          "504": errorAnswer("timeout")]]],
        "/api/v1/ocr/words": ["post": [
            "summary": "Every recognised word with its box, for drawing over the photo",
            "requestBody": ["required": true, "content": ["multipart/form-data": ["schema": ["type": "object", "required": ["image"], "properties": [
                "image": ["type": "string", "format": "binary"]]]]]],
            "responses": ["200": answer("Words", ref("OCRPage")), "413": errorAnswer("Too large"), "415": errorAnswer("not_an_image"), "422": errorAnswer("damaged_image")]]],
        "/api/v1/sentences/random": ["get": [
            "summary": "A random sentence, optionally with one emotion", "parameters": [query("emotion", ["type": "string", "enum": emotionIds])],
            "responses": ["200": answer("A sentence", ref("Sentence")), "404": errorAnswer("No sentences yet")]]],
        "/api/v1/sentences/daily": ["get": [
            "summary": "오늘의 문장: the same sentence all day (the reader's day), another tomorrow",
            "responses": ["200": answer("A sentence", ref("Sentence")), "404": errorAnswer("No sentences yet")]]],
        "/api/v1/widget/sentence": ["get": [
            "summary": "For widget apps (Scriptable, Shortcuts, KWGT): the daily or a random sentence; authorised by ?token= (or the session)",
            "security": [],
            "parameters": [query("token", ["type": "string"], "the widget token from the settings"), query("mode", ["type": "string", "enum": ["daily", "random"]]),
                           query("emotion", ["type": "string", "enum": emotionIds])],
            "responses": ["200": answer("The sentence, or null with a message", ["type": "object", "properties": [
                "mode": ["type": "string"], "date": ["type": "string"], "sentence": ref("Sentence"), "message": ["type": "string"]]]),
                          "401": errorAnswer("invalid_widget_token: revoked or unknown")]]],
        "/api/v1/widget/token": [
            "post": ["summary": "Make a widget token (replaces the previous one); the answer is the only time it is shown",
                     "responses": ["201": answer("The token and the widget addresses", ["type": "object", "properties": [
                        "token": ["type": "string"], "widgetUrl": ["type": "string"], "jsonUrl": ["type": "string"], "imageUrl": ["type": "string"]]])]],
            "delete": ["summary": "Revoke the widget token", "responses": ["204": answer("Revoked")]],
        ],
        "/api/v1/sentences/{id}/card": ["post": [
            "summary": "An image card of the sentence (PNG): a preset background or my photo, font, size, alignment, dimming",
            "parameters": [idParameter],
            "requestBody": ["required": true, "content": ["multipart/form-data": ["schema": ["type": "object", "properties": [
                "options": ["type": "string", "description": "JSON: {size: portrait|story|square, font: serif|sans, textScale: 0.7..1.6, align: left|center|right, dim: 0..0.8, background: paper|ink|dusk|forest|rose|sky|sand|night|photo, textColor: auto|light|dark, quotes}"],
                "background": ["type": "string", "format": "binary", "description": "the photo when background is photo (EXIF orientation applied)"]]]]]],
            "responses": ["200": ["description": "The card", "content": ["image/png": [:]]], "404": errorAnswer("Absent or not yours"),
                          "413": errorAnswer("Photo too large"), "415": errorAnswer("The background is not an image"), "422": errorAnswer("Bad options (fields named)")]]],
        "/api/v1/backup": ["get": [
            "summary": "Everything I made as one document (notio-backup, version 1, ISO 8601 times, stable ids); with files=true a zip with the PDFs and covers",
            "parameters": [query("files", ["type": "boolean"])],
            "responses": ["200": ["description": "An attachment", "content": [
                "application/json": ["schema": ["type": "object", "required": ["format", "version", "exportedAt"], "additionalProperties": true, "properties": [
                    "format": ["const": "notio-backup"], "version": ["type": "integer"], "exportedAt": ["type": "string", "format": "date-time"]]]],
                "application/zip": [:]]]]]],
        "/api/v1/export/markdown": ["get": [
            "summary": "Notes and books as Markdown files with front matter (for Obsidian), in a zip: 노트/ and 밑줄/ (ZIP64 past 65,535 files)",
            "responses": ["200": ["description": "A zip", "content": ["application/zip": [:]]]]]],
        "/api/v1/export/anki": ["get": [
            "summary": "Every quiz question as a TSV Anki imports (front, back, tags)",
            "responses": ["200": ["description": "TSV", "content": ["text/tab-separated-values": [:]]]]]],
        "/api/v1/restore": ["post": [
            "summary": "Restore a backup: checked whole before anything changes, written in one transaction",
            "parameters": [query("mode", ["type": "string", "enum": ["replace", "merge"]], "merge (default) adds what is missing and is idempotent by id"),
                           query("dryRun", ["type": "boolean"], "count what would be written, change nothing")],
            "requestBody": ["required": true, "content": [
                "application/json": ["schema": ["type": "object", "description": "the backup document"]],
                "multipart/form-data": ["schema": ["type": "object", "properties": ["file": ["type": "string", "format": "binary", "description": "the JSON or the backup zip"]]]]]],
            "responses": ["200": answer("Rows written (or that would be) per table", ["type": "object", "properties": [
                "mode": ["type": "string"], "dryRun": ["type": "boolean"], "counts": ["type": "object", "additionalProperties": ["type": "integer"]], "files": ["type": "integer"]]]),
                          "422": errorAnswer("invalid_backup: error.fields names the JSON path of the first bad value; nothing changed")]]],
        "/api/v1/catalog/recommended": ["get": [
            "summary": "Recommended books (Aladin bestsellers and new releases)",
            "responses": ["200": answer("Books", catalogAnswer), "503": errorAnswer("catalog_unavailable")]]],
        "/api/v1/books": [
            "get": ["summary": "My bookshelf, most recently touched first",
                    "parameters": [query("status", ["type": "string", "enum": statuses])] + pageParameters,
                    "responses": ["200": answer("Books", page(ref("Book"))), "422": errorAnswer("Bad status; " + pageError)]],
            "post": ["summary": "Add a book (from a catalog item or typed in)",
                     "requestBody": jsonBody(["type": "object", "required": ["title"], "properties": [
                        "title": ["type": "string", "maxLength": 300], "author": ["type": "string"], "isbn13": ["type": "string", "description": "ISBN-13 or ISBN-10, hyphens allowed"],
                        "publisher": ["type": "string"], "genre": ["type": "string"], "publishedAt": ["type": "string", "pattern": PublicationDate.pattern],
                        "coverUrl": ["type": "string", "format": "uri", "description": "downloaded once, then served by /api/v1/books/{id}/cover"],
                        "status": ["type": "string", "enum": statuses]]]),
                     "responses": ["201": answer("Added", ["type": "object", "properties": ["book": ref("Book")]]),
                                   "409": errorAnswer("book_exists: the ISBN is already on the shelf (error.fields.id names it)"),
                                   "422": errorAnswer("Invalid values, or too_many_books: past NOTIO_MAX_BOOKS_PER_ACCOUNT")]],
        ],
        "/api/v1/books/{id}": [
            "get": ["summary": "A book with its first 1,000 sentences (all of them: /api/v1/sentences?bookId=)", "parameters": [idParameter],
                    "responses": ["200": answer("The book", extending("Book", ["sentences": ["type": "array", "items": ref("Sentence")]])),
                                  "404": errorAnswer("Absent or not yours")]],
            "patch": ["summary": "Change a book; null clears a field", "parameters": [idParameter],
                      "requestBody": jsonBody(["type": "object", "properties": [
                        "title": ["type": "string"], "author": ["type": "string"], "publisher": ["type": ["string", "null"]],
                        "genre": ["type": ["string", "null"]], "publishedAt": ["type": ["string", "null"], "pattern": PublicationDate.pattern], "status": ["type": "string", "enum": statuses]]]),
                      "responses": ["200": answer("The book", ref("Book")), "404": errorAnswer("Absent or not yours"), "422": errorAnswer("Invalid values")]],
            "delete": ["summary": "Delete a book with its sentences, reading sessions and cards", "parameters": [idParameter],
                       "responses": ["204": answer("Deleted"), "404": errorAnswer("Absent or not yours")]],
        ],
        "/api/v1/books/{id}/cover": ["get": [
            "summary": "The stored copy of the book's cover", "parameters": [idParameter],
            "responses": ["200": ["description": "The image", "content": ["image/jpeg": [:], "image/png": [:]]], "404": errorAnswer("No cover, or not yours")]]],
        "/api/v1/books/{id}/sentences": ["post": [
            "summary": "Keep a sentence from a book", "parameters": [idParameter],
            "requestBody": jsonBody(["type": "object", "required": ["text"], "properties": [
                "text": ["type": "string", "maxLength": 5000], "page": ["type": "integer", "minimum": 0],
                "emotion": ["type": "string", "enum": emotionIds], "memo": ["type": "string", "maxLength": 5000]]]),
            "responses": ["201": answer("Kept", ["type": "object", "properties": ["sentence": ref("Sentence")]]),
                          "404": errorAnswer("The book is absent or not yours"),
                          "422": errorAnswer("Invalid values, or too_many_sentences: past NOTIO_MAX_SENTENCES_PER_ACCOUNT")]]],
        "/api/v1/sentences": ["get": [
            "summary": "My sentences across books, newest first",
            "parameters": [query("q", ["type": "string"], "sentence or memo; Korean substrings, 1-2 characters too"),
                           query("emotion", ["type": "string", "enum": emotionIds]), query("bookId", ["type": "string"])] + pageParameters,
            "responses": ["200": answer("Sentences", page(ref("Sentence"))), "422": errorAnswer("Unknown emotion; " + pageError)]]],
        "/api/v1/sentences/{id}": [
            "get": ["summary": "One sentence", "parameters": [idParameter],
                    "responses": ["200": answer("The sentence", ref("Sentence")), "404": errorAnswer("Absent or not yours")]],
            "patch": ["summary": "Change a sentence; null clears page, emotion or memo", "parameters": [idParameter],
                      "requestBody": jsonBody(["type": "object", "properties": [
                        "text": ["type": "string"], "page": ["type": ["integer", "null"]], "emotion": ["type": ["string", "null"], "enum": emotionIds + [NSNull()]],
                        "memo": ["type": ["string", "null"]]]]),
                      "responses": ["200": answer("The sentence", ref("Sentence")), "404": errorAnswer("Absent or not yours"), "422": errorAnswer("Invalid values")]],
            "delete": ["summary": "Delete a sentence", "parameters": [idParameter],
                       "responses": ["204": answer("Deleted"), "404": errorAnswer("Absent or not yours")]],
        ],
        "/api/v1/emotions": ["get": [
            "summary": "The fixed list of emotions", "security": [],
            "responses": ["200": answer("Emotions", list(["type": "object", "properties": [
                "id": ["type": "string"], "label": ["type": "string"], "englishLabel": ["type": "string"], "emoji": ["type": "string"]]]))]]],
        "/api/v1/timer": ["get": [
            "summary": "The dial timer (settled: a timer whose end passed is finished and its session recorded)",
            "responses": ["200": answer("The timer", ref("Timer"))]]],
        "/api/v1/timer/start": ["post": [
            "summary": "Start a countdown for a book",
            "requestBody": jsonBody(["type": "object", "required": ["bookId", "minutes"], "properties": [
                "bookId": ["type": "string"], "minutes": ["type": "integer", "minimum": 1, "maximum": 480]]]),
            "responses": ["200": answer("The timer", ref("Timer")), "404": errorAnswer("The book is absent or not yours"),
                          "409": errorAnswer("timer_conflict: a timer is running or paused"), "422": errorAnswer("minutes out of range")]]],
        "/api/v1/timer/pause": ["post": ["summary": "Pause", "responses": ["200": answer("The timer", ref("Timer")), "409": errorAnswer("timer_conflict")]]],
        "/api/v1/timer/resume": ["post": ["summary": "Resume", "responses": ["200": answer("The timer", ref("Timer")), "409": errorAnswer("timer_conflict")]]],
        "/api/v1/timer/stop": ["post": [
            "summary": "Stop; records a session with the seconds really read (pauses excluded)",
            "responses": ["200": answer("The timer, with `session` when one was recorded", ref("Timer")), "409": errorAnswer("timer_conflict")]]],
        "/api/v1/sessions": ["get": [
            "summary": "Reading sessions, newest first",
            "parameters": [query("from", ["type": "string"], "ISO 8601 time or YYYY-MM-DD (start of that day in my time zone)"),
                           query("to", ["type": "string"], "exclusive"), query("bookId", ["type": "string"])] + pageParameters,
            "responses": ["200": answer("Sessions", page(ref("ReadingSession"))), "422": errorAnswer("Bad from/to; " + pageError)]]],
        "/api/v1/books/{id}/sessions": ["post": [
            "summary": "Add a reading session by hand", "parameters": [idParameter],
            "requestBody": jsonBody(["type": "object", "required": ["startedAt", "endedAt"], "properties": [
                "startedAt": ["type": "string", "format": "date-time"], "endedAt": ["type": "string", "format": "date-time"],
                "seconds": ["type": "integer", "description": "time really read; defaults to endedAt - startedAt"]]]),
            "responses": ["201": answer("Added", ["type": "object", "properties": ["session": ref("ReadingSession")]]),
                          "404": errorAnswer("The book is absent or not yours"), "422": errorAnswer("Invalid times")]]],
        "/api/v1/sessions/{id}": [
            "patch": ["summary": "Change a session", "parameters": [idParameter],
                      "requestBody": jsonBody(["type": "object", "properties": [
                        "startedAt": ["type": "string", "format": "date-time"], "endedAt": ["type": "string", "format": "date-time"], "seconds": ["type": "integer"]]]),
                      "responses": ["200": answer("The session", ref("ReadingSession")), "404": errorAnswer("Absent or not yours"), "422": errorAnswer("Invalid times")]],
            "delete": ["summary": "Delete a session", "parameters": [idParameter],
                       "responses": ["204": answer("Deleted"), "404": errorAnswer("Absent or not yours")]],
        ],
        "/api/v1/stats/reading": ["get": [
            "summary": "Reading time per day (week, month) or month (year), sentences by genre and author, top books; days in my time zone",
            "parameters": [query("period", ["type": "string", "enum": ["week", "month", "year"]]), query("date", ["type": "string", "format": "date"], "any day of the period; today by default")],
            "responses": ["200": answer("Statistics", ref("ReadingStats")), "422": errorAnswer("Bad period or date")]]],
        "/api/v1/stats/heatmap": ["get": [
            "summary": "Every day of a year: reading seconds, sentences kept, study questions answered",
            "parameters": [query("year", ["type": "integer"])],
            "responses": ["200": answer("Days", ["type": "object", "properties": ["year": ["type": "integer"], "days": ["type": "array", "items": ["type": "object", "properties": [
                "date": ["type": "string", "format": "date"], "readingSeconds": ["type": "integer"], "sentences": ["type": "integer"], "studyQuestions": ["type": "integer"]]]]]]),
                          "422": errorAnswer("Bad year")]]],
    ] }

    static var readingSchemas: Object { [
        "Box": ["type": "object", "properties": ["x": ["type": "integer"], "y": ["type": "integer"], "w": ["type": "integer"], "h": ["type": "integer"]]],
        "OCRWord": ["type": "object", "properties": ["text": ["type": "string"], "box": ref("Box"), "confidence": ["type": "number"], "line": ["type": "integer"]]],
        "UnderlineResult": ["type": "object", "properties": ["text": ["type": "string"], "words": ["type": "array", "items": ref("OCRWord")],
                                                             "imageWidth": ["type": "integer"], "imageHeight": ["type": "integer"], "message": ["type": "string"]]],
        "OCRPage": ["type": "object", "properties": ["words": ["type": "array", "items": ref("OCRWord")], "imageWidth": ["type": "integer"], "imageHeight": ["type": "integer"]]],
        "ReadingStats": ["type": "object", "properties": [
            "period": ["type": "string"], "from": ["type": "string", "format": "date"], "to": ["type": "string", "format": "date", "description": "exclusive"],
            "through": ["type": "string", "format": "date", "description": "the period's last day"],
            "previous": ["type": "string", "format": "date"], "next": ["type": "string", "format": "date"],
            "totalSeconds": ["type": "integer"], "sessionCount": ["type": "integer"], "activeDays": ["type": "integer"], "sentenceCount": ["type": "integer"],
            "buckets": ["type": "array", "items": ["type": "object", "properties": ["start": ["type": "string"], "index": ["type": "integer"], "seconds": ["type": "integer"], "sentences": ["type": "integer"]]]],
            "byGenre": ["type": "array", "items": ["type": "object", "properties": ["name": ["type": "string"], "sentences": ["type": "integer"], "seconds": ["type": "integer"]]]],
            "byAuthor": ["type": "array", "items": ["type": "object", "properties": ["name": ["type": "string"], "sentences": ["type": "integer"], "seconds": ["type": "integer"]]]],
            "topBooks": ["type": "array", "items": ["type": "object", "properties": ["bookId": ["type": "string"], "title": ["type": "string"], "author": ["type": "string"], "seconds": ["type": "integer"], "sentences": ["type": "integer"]]]]]],
        "Timer": ["type": "object", "properties": [
            "state": values(ReadingTimer.State.self), "bookId": ["type": "string"], "bookTitle": ["type": "string"],
            "endsAt": ["type": "string", "format": "date-time"], "remainingSeconds": ["type": "integer"], "durationSeconds": ["type": "integer"],
            "secondsRead": ["type": "integer"], "startedAt": ["type": "string", "format": "date-time"], "finishedAt": ["type": "string", "format": "date-time"],
            "session": ref("ReadingSession")]],
        "ReadingSession": ["type": "object", "properties": [
            "id": ["type": "string"], "bookId": ["type": "string"], "bookTitle": ["type": "string"],
            "startedAt": ["type": "string", "format": "date-time"], "endedAt": ["type": "string", "format": "date-time"], "seconds": ["type": "integer"]]],
        "Book": ["type": "object", "properties": [
            "id": ["type": "string"], "title": ["type": "string"], "author": ["type": "string"], "publisher": ["type": "string"],
            "isbn13": ["type": "string"], "genre": ["type": "string"], "publishedAt": ["type": "string"],
            "status": ["type": "string", "enum": statuses], "statusLabel": ["type": "string"], "coverUrl": ["type": "string"],
            "sentenceCount": ["type": "integer"], "readingSeconds": ["type": "integer"],
            "createdAt": ["type": "string", "format": "date-time"], "updatedAt": ["type": "string", "format": "date-time"]]],
        "Sentence": ["type": "object", "properties": [
            "id": ["type": "string"], "bookId": ["type": "string"], "bookTitle": ["type": "string"], "bookAuthor": ["type": "string"],
            "text": ["type": "string"], "page": ["type": "integer"], "emotion": ["type": "string", "enum": emotionIds],
            "emotionLabel": ["type": "string"], "emotionEmoji": ["type": "string"], "memo": ["type": "string"],
            "createdAt": ["type": "string", "format": "date-time"], "updatedAt": ["type": "string", "format": "date-time"]]],
    ] }
}
