import Foundation

/// The shape of a model's answer, written once and rendered both as Gemini's `responseSchema`
/// (an OpenAPI subset) and as OpenAI's strict `json_schema`; the same value checks the answer,
/// because no server's constrained decoding is trusted to have held.
public indirect enum OutputSchema: Sendable {
    /// Properties in the order the model should write them; all are required (nullable ones may be null).
    case object([(String, OutputSchema)])
    case array(OutputSchema, minItems: Int? = nil, maxItems: Int? = nil)
    case string(allowed: [String]? = nil)
    case integer
    case nullable(OutputSchema)

    /// Gemini's `responseSchema`: upper-case types, `nullable`, `propertyOrdering`.
    public var gemini: JSONValue {
        switch self {
        case .object(let properties):
            return [
                "type": "OBJECT",
                "properties": .object(Dictionary(uniqueKeysWithValues: properties.map { ($0.0, $0.1.gemini) })),
                "required": .array(properties.filter { !$0.1.isNullable }.map { .string($0.0) }),
                "propertyOrdering": .array(properties.map { .string($0.0) }),
            ]
        case .array(let items, let minItems, let maxItems):
            var schema: [String: JSONValue] = ["type": "ARRAY", "items": items.gemini]
            if let minItems { schema["minItems"] = .number(Double(minItems)) }
            if let maxItems { schema["maxItems"] = .number(Double(maxItems)) }
            return .object(schema)
        case .string(let allowed):
            if let allowed { return ["type": "STRING", "format": "enum", "enum": .array(allowed.map { .string($0) })] }
            return ["type": "STRING"]
        case .integer:
            return ["type": "INTEGER"]
        case .nullable(let inner):
            guard case .object(var schema) = inner.gemini else { return inner.gemini }
            schema["nullable"] = true
            return .object(schema)
        }
    }

    /// OpenAI's strict JSON Schema: every property required, no extra properties, null by type union.
    public var openAI: JSONValue {
        switch self {
        case .object(let properties):
            return [
                "type": "object",
                "properties": .object(Dictionary(uniqueKeysWithValues: properties.map { ($0.0, $0.1.openAI) })),
                "required": .array(properties.map { .string($0.0) }),
                "additionalProperties": false,
            ]
        case .array(let items, let minItems, let maxItems):
            var schema: [String: JSONValue] = ["type": "array", "items": items.openAI]
            if let minItems { schema["minItems"] = .number(Double(minItems)) }
            if let maxItems { schema["maxItems"] = .number(Double(maxItems)) }
            return .object(schema)
        case .string(let allowed):
            if let allowed { return ["type": "string", "enum": .array(allowed.map { .string($0) })] }
            return ["type": "string"]
        case .integer:
            return ["type": "integer"]
        case .nullable(let inner):
            return ["anyOf": [inner.openAI, ["type": "null"]]]
        }
    }

    var isNullable: Bool { if case .nullable = self { return true }; return false }

    /// The first few places where `value` does not fit, as "concepts[2].pages: expected an integer".
    public func problems(in value: JSONValue, at path: String = "$") -> [String] {
        switch (self, value) {
        case (.nullable, .null):
            return []
        case (.nullable(let inner), _):
            return inner.problems(in: value, at: path)
        case (.object(let properties), .object(let object)):
            var found: [String] = []
            for (key, schema) in properties {
                let childPath = "\(path).\(key)"
                guard let child = object[key] else {
                    if !schema.isNullable { found.append("\(childPath): missing") }
                    continue
                }
                found += schema.problems(in: child, at: childPath)
            }
            return found
        case (.array(let items, let minItems, let maxItems), .array(let array)):
            var found: [String] = []
            if let minItems, array.count < minItems { found.append("\(path): fewer than \(minItems) items") }
            if let maxItems, array.count > maxItems { found.append("\(path): more than \(maxItems) items") }
            for (index, element) in array.enumerated() { found += items.problems(in: element, at: "\(path)[\(index)]") }
            return found
        case (.string(let allowed), .string(let string)):
            if let allowed, !allowed.contains(string) { return ["\(path): \"\(string)\" is not one of \(allowed.joined(separator: ", "))"] }
            return []
        case (.integer, .number(let number)):
            return number.rounded() == number ? [] : ["\(path): expected an integer"]
        case (.object, _): return ["\(path): expected an object"]
        case (.array, _): return ["\(path): expected an array"]
        case (.string, _): return ["\(path): expected a string"]
        case (.integer, _): return ["\(path): expected an integer"]
        }
    }
}
