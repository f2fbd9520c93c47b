import Foundation
import Testing
@testable import NotioApp

/// The settings table is the one place a setting is declared: these check what is derived from it.
@Suite struct ConfigurationTests {
    @Test func theConfigurationPageTableIsTheSettingsTable() throws {
        let page = try String(contentsOfFile: TestServer.packageRoot + "/docs/configuration.md", encoding: .utf8)
        let lines = page.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "| variable | flag | default | meaning |"))
        let table = lines[start...].prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == Configuration.markdownTable)
    }

    @Test func propertiesStartAtTheirDeclaredDefaults() throws {
        let (loaded, values) = try Configuration.load(arguments: [], environment: [:])
        let plain = Configuration()
        #expect(plain.port == 8080 && loaded.port == plain.port)
        #expect(plain.maxUploadBytes == 50 << 20 && plain.maxPhotoBytes == 20 << 20)
        #expect(plain.aiProvider == "offline" && !plain.seedDemo && plain.logRequests)
        for setting in Configuration.settings {
            #expect(values[setting.key] == setting.defaultValue, "\(setting.key)")
            #expect(setting.problem(with: setting.defaultValue) == nil, "\(setting.key)")
        }
    }

    @Test func valuesAreCheckedByTheirKind() throws {
        #expect(throws: ConfigurationError.self) { try Configuration.load(arguments: ["--port", "70000"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try Configuration.load(arguments: [], environment: ["NOTIO_THREADS": "two"]) }
        #expect(throws: ConfigurationError.self) { try Configuration.load(arguments: ["--file-storage", "s3"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try Configuration.load(arguments: ["--trusted-proxies", "10.0.0.0/99"], environment: [:]) }
        #expect(throws: ConfigurationError.self) { try Configuration.load(arguments: ["--host="], environment: [:]) }
        let (c, _) = try Configuration.load(arguments: ["--seed-demo", "--max-upload-mb=3", "--port", "0"],
                                            environment: ["NOTIO_LOG_REQUESTS": "no", "NOTIO_PORT": "9"])
        #expect(c.seedDemo && c.maxUploadBytes == 3 << 20 && c.port == 0 && !c.logRequests)
    }
}
