import Foundation
import Testing
import NotioMediaEngine

/// Files the note tests upload: real PDFs from Debian packages (`scripts/fetch-test-pdfs.sh`).
enum TestPDFs {
    static let directory = TestServer.packageRoot + "/.cache/pdfs"
    static func path(_ name: String) -> String { directory + "/" + name }
    static var available: Bool { FileManager.default.fileExists(atPath: path("kotex-doc.pdf")) }
    static let missing: Comment = "real PDFs missing: run scripts/fetch-test-pdfs.sh (make test does)"

    /// A scanned copy (pages as images, no text) of some of lshort-ko.pdf's pages.
    static func scanned(pages: ClosedRange<Int>) throws -> Data {
        let out = NSTemporaryDirectory() + "notio-scan-\(UUID().uuidString).pdf"
        defer { try? FileManager.default.removeItem(atPath: out) }
        let source = try PDFText(data: try Data(contentsOf: URL(fileURLWithPath: path("lshort-ko.pdf"))))
        try source.writeScannedCopy(pages: pages, dpi: 150, to: out)
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    /// A valid PDF of `count` empty pages.
    static func blankPages(_ count: Int) -> Data {
        var objects = ["<< /Type /Catalog /Pages 2 0 R >>",
                       "<< /Type /Pages /Kids [\((0..<count).map { "\($0 + 3) 0 R" }.joined(separator: " "))] /Count \(count) >>"]
        for _ in 0..<count { objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>") }
        var body = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (i, o) in objects.enumerated() {
            offsets.append(body.utf8.count)
            body += "\(i + 1) 0 obj\n\(o)\nendobj\n"
        }
        let xref = body.utf8.count
        body += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets { body += String(format: "%010d 00000 n \n", o) }
        body += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return Data(body.utf8)
    }
}

extension Client {
    /// A multipart/form-data POST as a browser's FormData sends it: text fields, then files.
    func multipart(_ path: String, fields: [(String, String)] = [], files: [(field: String, name: String, type: String, data: Data)],
                   csrf: Bool = true) async throws -> Reply {
        let boundary = "----notio\(UUID().uuidString)"
        var body = Data()
        for (name, value) in fields {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        for f in files {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(f.field)\"; filename=\"\(f.name)\"\r\nContent-Type: \(f.type)\r\n\r\n".utf8))
            body.append(f.data)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return try await request("POST", path, body: body, contentType: "multipart/form-data; boundary=\(boundary)", csrf: csrf)
    }

    /// `POST /api/v1/notes` as a browser's FormData would send it.
    func upload(_ data: Data, fileName: String = "lecture.pdf", category: String? = nil, title: String? = nil) async throws -> Reply {
        let boundary = "----notio\(UUID().uuidString)"
        var body = Data()
        func field(_ name: String, _ value: String) {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8))
        }
        if let category { field("category", category) }
        if let title { field("title", title) }
        body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(fileName)\"\r\nContent-Type: application/pdf\r\n\r\n".utf8))
        body.append(data)
        body.append(Data("\r\n--\(boundary)--\r\n".utf8))
        return try await request("POST", "/api/v1/notes", body: body, contentType: "multipart/form-data; boundary=\(boundary)")
    }

    /// Polls the job until it finishes; returns its last state.
    func waitForJob(_ id: String, timeout: TimeInterval = 120) async throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let job = try await get("/api/v1/jobs/\(id)").json
            if let state = job["state"] as? String, ["done", "failed", "cancelled"].contains(state) { return job }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("job \(id) did not finish in \(timeout) s")
        return [:]
    }
}
