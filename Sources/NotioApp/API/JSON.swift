import Foundation
import NotioHTTP
import NotioCore

/// JSON in and out of handlers, with the error statuses of the contract: unreadable JSON is 400,
/// readable JSON with missing or wrongly typed values is 422 naming the field.
enum JSON {
    static let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(iso8601(date))
        }
        e.outputFormatting = [.withoutEscapingSlashes]
        return e
    }()

    /// `2026-03-01T09:30:00Z`: whole seconds in UTC, the fraction dropped. Written by arithmetic
    /// (every list row has a date or two; the format style cost microseconds each).
    static func iso8601(_ date: Date) -> String {
        var bytes: [UInt8] = []
        iso8601(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same text appended to a byte buffer (the home list writes one per note).
    static func iso8601(_ date: Date, to out: inout [UInt8]) {
        let t = date.timeIntervalSince1970
        guard t >= 0, t < 253_402_300_800 else {
            out.append(contentsOf: date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: false)).utf8)
            return
        }
        let seconds = Int(t.rounded(.down))
        let (day, time) = seconds.quotientAndRemainder(dividingBy: 86_400)
        let (y, mo, d) = ActivityCalendar.civilDate(day)
        func two(_ n: Int) { out.append(48 + UInt8(n / 10)); out.append(48 + UInt8(n % 10)) }
        two(y / 100); two(y % 100); out.append(0x2D); two(mo); out.append(0x2D); two(d)
        out.append(0x54); two(time / 3600); out.append(0x3A); two(time / 60 % 60); out.append(0x3A); two(time % 60); out.append(0x5A)
    }

    /// A number as JSONEncoder writes it: whole values without a fraction.
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    static func response<T: Encodable>(_ value: T, status: Int = 200) -> Response {
        do {
            return Response.json(try encoder.encode(value), status: status)
        } catch {
            return Response.json(Data(#"{"error":{"code":"internal","message":"Something went wrong on our side."}}"#.utf8), status: 500)
        }
    }

    static func decode<T: Decodable>(_ type: T.Type, from request: Request) throws -> T {
        let data = request.bodyData
        guard !data.isEmpty, (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) != nil else {
            throw AppError.bodyNotJSON
        }
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let error as DecodingError {
            let (field, problem): (String, String)
            switch error {
            case .keyNotFound(let key, let ctx): (field, problem) = (path(ctx.codingPath + [key]), "is required")
            case .valueNotFound(_, let ctx): (field, problem) = (path(ctx.codingPath), "is required")
            case .typeMismatch(let type, let ctx): (field, problem) = (path(ctx.codingPath), "must be \(describe(type))")
            case .dataCorrupted(let ctx): (field, problem) = (path(ctx.codingPath), "is not valid")
            @unknown default: (field, problem) = ("body", "is not valid")
            }
            // The problem is worded for programs; a Korean reader is told which field to check.
            throw AppError.invalid([field: .verbatim(problem)], .translated(ko: L10n.t("error.field_invalid", .ko, [field]), en: "\(field) \(problem)."))
        }
    }

    private static func path(_ keys: [CodingKey]) -> String {
        let p = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
        return p.isEmpty ? "body" : p.replacingOccurrences(of: ".[", with: "[")
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type: "a number"
        default: "of another type"
        }
    }

    /// The error envelope of the contract.
    static func error(_ e: HTTPError) -> Response {
        struct Envelope: Encodable {
            struct Body: Encodable { var code: String; var message: String; var fields: [String: String]? }
            var error: Body
        }
        var r = response(Envelope(error: .init(code: e.code, message: e.message, fields: e.fields.isEmpty ? nil : e.fields)), status: e.status)
        r.headers.set("Cache-Control", "no-store")
        return r
    }
}
