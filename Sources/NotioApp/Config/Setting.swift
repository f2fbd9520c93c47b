import Foundation

/// A value a setting refuses, with what is wrong with it ("must be between 1 and 64").
public struct SettingProblem: Error, Sendable {
    public var reason: String
}

/// One setting of the configuration table, declared once: its key (the environment variable, from
/// which the command-line flag is derived: `NOTIO_DATA_DIR` → `--data-dir`), its default, its help
/// (also the "meaning" column of docs/configuration.md), whether it is secret, and the
/// `Configuration` property it fills. Loading, validation, `notio help`, `notio config` and the
/// settings table of docs/configuration.md all read it.
///
/// `@unchecked Sendable`: the default is a `Sendable` value kept as `Any`.
public struct Setting: @unchecked Sendable {
    public let key: String
    /// The default as text, exactly as a flag or variable would give it.
    public let defaultValue: String
    /// What docs/configuration.md and `notio help` show as the default when the empty text would say little.
    let shownDefault: String?
    public let help: String
    /// Hidden by `notio config`, and readable from `KEY_FILE` too.
    public let secret: Bool
    /// A switch: `--seed-demo` alone means "true".
    public let isFlag: Bool
    /// Where the property this setting fills is stored in a `Configuration`: how
    /// `Configuration.declared` finds the default (comparing key paths themselves crashes here).
    let propertyOffset: Int
    /// The default, typed as the property is.
    let typedDefault: Any
    /// Checks a value and stores it into the property.
    let assign: @Sendable (inout Configuration, String) throws(SettingProblem) -> Void

    public var flag: String {
        "--" + key.replacingOccurrences(of: "NOTIO_", with: "").lowercased().replacingOccurrences(of: "_", with: "-")
    }

    /// Whether `value` would be accepted.
    public func problem(with value: String) -> String? {
        var scratch = Configuration()
        do { try assign(&scratch, value); return nil } catch { return error.reason }
    }

    /// The default column of the settings table.
    var shownDefaultText: String { shownDefault ?? (defaultValue.isEmpty ? "(none)" : "`\(defaultValue)`") }

    // MARK: Kinds

    static func text(_ key: String, _ defaultValue: String, _ property: WritableKeyPath<Configuration, String>,
                     secret: Bool = false, nonEmpty: Bool = false, choices: [String]? = nil,
                     check: (@Sendable (String) -> String?)? = nil, shown: String? = nil, _ help: String) -> Setting {
        nonisolated(unsafe) let property = property
        return Setting(key: key, defaultValue: defaultValue, shownDefault: shown, help: help, secret: secret, isFlag: false,
                       propertyOffset: MemoryLayout<Configuration>.offset(of: property)!, typedDefault: defaultValue) { (configuration, value) throws(SettingProblem) in
            if nonEmpty, value.isEmpty { throw SettingProblem(reason: "must not be empty") }
            if let choices, !choices.contains(value) {
                throw SettingProblem(reason: "must be " + choices.dropLast().joined(separator: ", ") + " or " + choices.last!)
            }
            if let reason = check?(value) { throw SettingProblem(reason: reason) }
            configuration[keyPath: property] = value
        }
    }

    static func int(_ key: String, _ defaultValue: Int, _ property: WritableKeyPath<Configuration, Int>,
                    _ range: ClosedRange<Int>, _ help: String) -> Setting {
        scaledInt(key, defaultValue, property, range, scale: 1, help)
    }

    /// A size given in MB and kept in bytes.
    static func megabytes(_ key: String, _ defaultValue: Int, _ property: WritableKeyPath<Configuration, Int>,
                          _ range: ClosedRange<Int>, _ help: String) -> Setting {
        scaledInt(key, defaultValue, property, range, scale: 1 << 20, help)
    }

    private static func scaledInt(_ key: String, _ defaultValue: Int, _ property: WritableKeyPath<Configuration, Int>,
                                  _ range: ClosedRange<Int>, scale: Int, _ help: String) -> Setting {
        nonisolated(unsafe) let property = property
        return Setting(key: key, defaultValue: String(defaultValue), shownDefault: nil, help: help, secret: false, isFlag: false,
                       propertyOffset: MemoryLayout<Configuration>.offset(of: property)!, typedDefault: defaultValue * scale) { (configuration, value) throws(SettingProblem) in
            guard let number = Int(value) else { throw SettingProblem(reason: "must be a whole number") }
            guard range.contains(number) else {
                throw SettingProblem(reason: "must be between \(range.lowerBound) and \(range.upperBound)")
            }
            configuration[keyPath: property] = number * scale
        }
    }

    /// true/false (also 1/0, yes/no). A `switch` may be given as its flag alone.
    static func bool(_ key: String, _ defaultValue: Bool, _ property: WritableKeyPath<Configuration, Bool>,
                     switch isFlag: Bool = false, _ help: String) -> Setting {
        nonisolated(unsafe) let property = property
        return Setting(key: key, defaultValue: String(defaultValue), shownDefault: nil, help: help, secret: false, isFlag: isFlag,
                       propertyOffset: MemoryLayout<Configuration>.offset(of: property)!, typedDefault: defaultValue) { (configuration, value) throws(SettingProblem) in
            switch value.lowercased() {
            case "true", "1", "yes": configuration[keyPath: property] = true
            case "false", "0", "no": configuration[keyPath: property] = false
            default: throw SettingProblem(reason: "must be true or false")
            }
        }
    }

    /// A value of its own type, parsed from text by the type itself.
    static func parsed<Value>(_ key: String, _ defaultValue: String, _ property: WritableKeyPath<Configuration, Value>,
                              shown: String? = nil, parse: @escaping @Sendable (String) throws -> Value, _ help: String) -> Setting {
        nonisolated(unsafe) let property = property
        // The default is part of the program: it parses, or the table is wrong.
        let typed = try! parse(defaultValue)
        return Setting(key: key, defaultValue: defaultValue, shownDefault: shown, help: help, secret: false, isFlag: false,
                       propertyOffset: MemoryLayout<Configuration>.offset(of: property)!, typedDefault: typed) { (configuration, value) throws(SettingProblem) in
            do { configuration[keyPath: property] = try parse(value) } catch { throw SettingProblem(reason: "\(error)") }
        }
    }
}
