import Foundation

/// One request to a persistent OCR worker (`notio-worker serve-ocr`), one JSON line on its stdin:
/// `{"id":7,"op":"words","path":"/tmp/p.jpg","limits":{...}}` or
/// `{"id":8,"op":"underline","path":"/tmp/p.jpg","strokes":[[{"x":1,"y":2},...]],"limits":{...}}`.
///
/// `{"id":9,"op":"card","content":{"text":...},"options":{...},"background":"/tmp/b.jpg","out":"/tmp/c.png"}`
/// draws an image card (`background` null for a preset).
///
/// `{"id":10,"op":"tagKorean","dictionary":"/srv/mecab-ko-dic","texts":["…","…"]}` tags Korean texts
/// with the worker's MeCab, loaded on the first such request and kept.
///
/// `{"id":11,"op":"scoreKorean","model":"/srv/kiwi/model","texts":["…","…"]}` gives each sentence's
/// log-likelihood by the worker's Kiwi language model, likewise loaded once and kept.
///
/// With `NOTIO_WORKER_TEST_OPS=1` in its environment the worker also takes `crash` (abort) and
/// `sleep` (`seconds`), for tests of the pool.
package struct OCRRequest: Codable, Sendable {
    package var id: Int
    package var op: String
    package var path: String?
    package var strokes: [Stroke]?
    package var limits: PhotoLimits?
    package var seconds: Double?
    package var content: CardContent?
    package var options: CardOptions?
    package var background: String?
    package var out: String?
    package var dictionary: String?
    package var texts: [String]?
    package var model: String?

    package init(id: Int = 0, op: String, path: String? = nil, strokes: [Stroke]? = nil,
                 limits: PhotoLimits? = nil, seconds: Double? = nil) {
        self.id = id; self.op = op; self.path = path; self.strokes = strokes; self.limits = limits; self.seconds = seconds
    }

    package static func card(_ content: CardContent, options: CardOptions, background: String?, out: String,
                             limits: PhotoLimits) -> OCRRequest {
        var request = OCRRequest(op: "card", limits: limits)
        request.content = content; request.options = options; request.background = background; request.out = out
        return request
    }

    package static func tagKorean(_ texts: [String], dictionary: String) -> OCRRequest {
        var request = OCRRequest(op: "tagKorean")
        request.texts = texts; request.dictionary = dictionary
        return request
    }

    package static func scoreKorean(_ sentences: [String], model: String) -> OCRRequest {
        var request = OCRRequest(op: "scoreKorean")
        request.texts = sentences; request.model = model
        return request
    }
}

/// The worker's answer, one JSON line on its stdout with the request's `id`: `page` for `words`,
/// `underline` for `underline`, `card` for `card`, `tagged` for `tagKorean`, `likelihoods` for `scoreKorean`, or `error`. `ms` is the time spent on the request (decoding,
/// recognition, selection).
package struct OCRAnswer: Codable, Sendable {
    package var id: Int
    package var page: OCRPage?
    package var underline: UnderlineResult?
    package var card: CardResult?
    package var tagged: TaggedTexts?
    package var likelihoods: [Double]?
    package var error: MediaError?
    package var ms: Double?

    package init(id: Int, page: OCRPage? = nil, underline: UnderlineResult? = nil, error: MediaError? = nil, ms: Double? = nil) {
        self.id = id; self.page = page; self.underline = underline; self.error = error; self.ms = ms
    }
}
