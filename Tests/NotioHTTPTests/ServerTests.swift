import Foundation
import Synchronization
import Testing
@testable import NotioHTTP

@Suite struct RoutingTests {
    static let routes = [
        Route("GET", "/notes/{id}", .sync { Response.text("note \(try $0[PathParameter("id")])") }),
        Route("DELETE", "/notes/{id}", .sync { _ in .noContent() }),
        Route("GET", "/echo", .sync { r in
            Response.text("q=\(r.query["q"] ?? "-") x=\(r.query["x"] ?? "-") s=\(r.cookies["s"] ?? "-") t=\(r.cookies["t"] ?? "-") ip=\(r.remoteAddress)")
        }),
        Route("POST", "/json", .sync { r in Response.json(r.bodyData) }),
        Route("POST", "/form", .sync { r in Response.text("a=\(r.formFields["a"] ?? "-") b=\(r.formFields["b"] ?? "-")") }),
        Route("GET", "/fail", .sync { _ in throw HTTPError.forbidden("nope", "No.") }),
    ]

    @Test func pathParametersAndLogLine() throws {
        let log = LogLines()
        let server = try startServer(Self.routes, log: log)
        defer { server.stop() }
        let r = try fetch(server.port, "GET", "/notes/42")
        #expect(r.status == 200)
        #expect(r.text == "note 42")
        // The log line is written when MHD reports the request complete.
        for _ in 0..<100 where log.lines.withLock({ $0.isEmpty }) { usleep(10_000) }
        let line = try #require(log.lines.withLock { $0.first })
        #expect(line.hasPrefix("1 GET /notes/42 200 "))
        #expect(line.hasSuffix("ms"))
    }

    @Test func notFoundAndMethodNotAllowed() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let missing = try fetch(server.port, "GET", "/nothing/here")
        #expect(missing.status == 404)
        #expect(missing.text == #"{"error":{"code":"not_found"}}"#)
        let wrong = try fetch(server.port, "POST", "/notes/42", body: Array("x".utf8))
        #expect(wrong.status == 405)
        #expect(wrong.header("Allow") == "GET, DELETE, HEAD")
        let thrown = try fetch(server.port, "GET", "/fail")
        #expect(thrown.status == 403)
        #expect(thrown.text.contains("nope"))
    }

    @Test func keepAliveConnectionServesSeveralRequestsIncluding404() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let client = try Client(port: server.port)
        for target in ["/notes/1", "/missing", "/notes/2"] {
            try client.send("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
            let r = try client.readResponse()
            #expect(r.status == (target == "/missing" ? 404 : 200))
        }
    }

    @Test func queryAndCookies() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let r = try fetch(server.port, "GET", "/echo?q=a+b%21%20%EC%9D%BD&x", headers: [#"Cookie: ss=no; s=abc;  t="quoted"; s=later"#])
        #expect(r.text == "q=a b! 읽 x= s=abc t=quoted ip=127.0.0.1")
    }

    @Test func jsonBodyEcho() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let json = #"{"title":"노트","n":[1,2,3]}"#
        let r = try fetch(server.port, "POST", "/json", headers: ["Content-Type: application/json"], body: Array(json.utf8))
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "application/json")
        #expect(r.text == json)
    }

    @Test func urlEncodedForm() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let r = try fetch(server.port, "POST", "/form", headers: ["Content-Type: application/x-www-form-urlencoded"],
                          body: Array("a=hello+world&b=%ED%95%9C".utf8))
        #expect(r.text == "a=hello world b=한")
    }

    @Test func headIsGetWithoutBody() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let client = try Client(port: server.port)
        try client.send("HEAD /notes/7 HTTP/1.1\r\nHost: x\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200)
        #expect(head.header("Content-Length") == "6")
        // The same connection goes on with the next request: no body bytes were sent for HEAD.
        try client.send("GET /notes/8 HTTP/1.1\r\nHost: x\r\n\r\n")
        let get = try client.readResponse()
        #expect(get.text == "note 8")
    }
}

@Suite struct BodyLimitTests {
    static let routes = [
        Route("POST", "/small", maxBodyBytes: 1000, .sync { r in Response.text("got \(r.bodyData.count)") }),
        Route("GET", "/ok", .sync { _ in Response.text("ok") }),
    ]

    @Test func tooLargeContentLengthIsRefusedBeforeTheBody() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let client = try Client(port: server.port)
        // Only the headers are sent: the answer must come without the 50 MB body.
        try client.send("POST /small HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 50000000\r\n\r\n")
        let r = try client.readResponse()
        #expect(r.status == 413)
        #expect(r.text.contains("payload_too_large"))
        #expect(try fetch(server.port, "GET", "/ok").text == "ok")
        #expect(try fetch(server.port, "POST", "/small", body: [UInt8](repeating: 1, count: 1000)).text == "got 1000")
    }

    @Test func chunkedBodyPastTheLimitGets413() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let client = try Client(port: server.port)
        var request = "POST /small HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        for _ in 0..<3 { request += "3e8\r\n" + String(repeating: "a", count: 1000) + "\r\n" }
        request += "0\r\n\r\n"
        try client.send(request)
        let r = try client.readResponse()
        #expect(r.status == 413)
        #expect(try fetch(server.port, "GET", "/ok").status == 200)
    }

    /// A chunked body that never stops gets its 413 while it is still being sent (the server
    /// used to read 4 MB past the limit and then drop the connection without an answer).
    @Test func endlessChunkedBodyGets413WhileSending() async throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let client = try Client(port: server.port)
        try client.send("POST /small HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n")
        let sender = Thread {
            let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 97, count: 65536) + Array("\r\n".utf8)
            // 64 MB, far past both the limit and what the server drains; the server closes first.
            for _ in 0..<1024 { if (try? client.send(chunk)) == nil { return } }
        }
        sender.start()
        let r = try await blocking { try client.readResponse() }
        #expect(r.status == 413)
        #expect(r.text.contains("payload_too_large"))
        #expect(r.header("Connection") == "close")
        #expect(r.header("X-Content-Type-Options") == "nosniff")
        // The server closes the connection once it has drained a bounded amount.
        #expect(try await blocking { try client.readToEnd() }.isEmpty)
        #expect(try fetch(server.port, "GET", "/ok").status == 200)
    }
}

/// A body whose end two readers could see at different places (request smuggling) is refused
/// before it is read, and the connection is closed.
@Suite struct FramingTests {
    static let routes = [Route("POST", "/echo", .sync { r in Response.text("got \(r.bodyData.count)") })]

    func send(_ port: Int, _ head: String, body: String) throws -> (WireResponse, closed: Bool) {
        let client = try Client(port: port)
        try client.send("POST /echo HTTP/1.1\r\nHost: x\r\n" + head + "\r\n" + body)
        let r = try client.readResponse()
        return (r, try client.readToEnd().isEmpty)
    }

    @Test func conflictingContentLengthsAre400() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        // The second request hidden in the first body must never be answered.
        let smuggled = "GET /echo HTTP/1.1\r\nHost: x\r\n\r\n"
        let (r, closed) = try send(server.port, "Content-Length: 5\r\nContent-Length: 40\r\n", body: "hello" + smuggled)
        #expect(r.status == 400)
        #expect(r.text.contains("malformed_request"))
        #expect(closed)
        let (list, _) = try send(server.port, "Content-Length: 5, 40\r\n", body: "hello")
        #expect(list.status == 400)
        let (both, bothClosed) = try send(server.port, "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n", body: "5\r\nhello\r\n0\r\n\r\n")
        #expect(both.status == 400)
        #expect(bothClosed)
    }

    @Test func identicalContentLengthsAreOneLength() throws {
        let server = try startServer(Self.routes)
        defer { server.stop() }
        let (r, _) = try send(server.port, "Content-Length: 5\r\nContent-Length: 5\r\nConnection: close\r\n", body: "hello")
        #expect(r.status == 200)
        #expect(r.text == "got 5")
    }
}

/// Every answer carries `nosniff`; configured default headers fill in what a handler left out.
@Suite struct DefaultHeaderTests {
    @Test func everyAnswerIsNosniffAndDefaultsFillIn() throws {
        let routes = [
            Route("GET", "/plain", .sync { _ in Response.text("plain") }),
            Route("GET", "/own", .sync { _ in
                var r = Response.text("own")
                r.headers.set("Content-Security-Policy", "default-src 'none'")
                return r
            }),
            Route("GET", "/cached", .sync { _ in Response(status: 304, headers: Headers([("ETag", "\"x\"")])) }),
            Route("POST", "/small", maxBodyBytes: 10, .sync { _ in Response.text("small") }),
        ]
        let server = try startServer(routes, defaultHeaders: Headers([("Content-Security-Policy", "default-src 'self'"),
                                                                      ("Referrer-Policy", "same-origin")]))
        defer { server.stop() }
        let answers = [
            try fetch(server.port, "GET", "/plain"), try fetch(server.port, "GET", "/own"),
            try fetch(server.port, "GET", "/cached"), try fetch(server.port, "GET", "/missing"),
            try fetch(server.port, "DELETE", "/plain"), try fetch(server.port, "POST", "/small", body: Array(repeating: 1, count: 11)),
        ]
        #expect(answers.map(\.status) == [200, 200, 304, 404, 405, 413])
        for r in answers {
            #expect(r.header("X-Content-Type-Options") == "nosniff")
            #expect(r.header("Referrer-Policy") == "same-origin")
            #expect(r.headers.filter { $0.0.lowercased() == "content-security-policy" }.count == 1)
        }
        #expect(answers[0].header("Content-Security-Policy") == "default-src 'self'")
        #expect(answers[1].header("Content-Security-Policy") == "default-src 'none'")
    }
}

@Suite struct MultipartTests {
    @Test func fileIsStreamedToATempFileAndDeletedAfterwards() throws {
        let dir = NSTemporaryDirectory() + "notio-http-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let content = (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 13) }
        let seen = Mutex<(String, Bool, [String: String], Int)?>(nil)
        let server = try startServer([
            Route("POST", "/upload", maxBodyBytes: 8 << 20, .sync { r in
                let file = r.files.first!
                let onDisk = FileManager.default.contents(atPath: file.path)
                seen.withLock { $0 = (file.path, onDisk == Data(content), r.formFields, file.size) }
                return Response.text("\(file.fieldName) \(file.fileName) \(file.contentType)")
            }),
        ], uploads: dir)
        defer { server.stop() }
        let boundary = "----notio-boundary-7d1"
        var body = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\n강의 노트\r\n".utf8)
        body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"pdf\"; filename=\"lecture.pdf\"\r\nContent-Type: application/pdf\r\n\r\n".utf8)
        body += content
        body += Array("\r\n--\(boundary)--\r\n".utf8)
        let r = try fetch(server.port, "POST", "/upload", headers: ["Content-Type: multipart/form-data; boundary=\(boundary)"], body: body)
        #expect(r.status == 200)
        #expect(r.text == "pdf lecture.pdf application/pdf")
        let (path, sameContent, fields, size) = try #require(seen.withLock { $0 })
        #expect(path.hasPrefix(dir + "/"))
        #expect(sameContent)
        #expect(size == 5 << 20)
        #expect(fields == ["title": "강의 노트"])
        for _ in 0..<100 where FileManager.default.fileExists(atPath: path) { usleep(10_000) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func brokenMultipartIs400() throws {
        let server = try startServer([Route("POST", "/upload", .sync { _ in Response.text("no") })])
        defer { server.stop() }
        let r = try fetch(server.port, "POST", "/upload", headers: ["Content-Type: multipart/form-data"], body: Array("garbage".utf8))
        #expect(r.status == 400)
    }
}

@Suite struct AsyncAndEventTests {
    @Test func asyncHandler() async throws {
        let server = try startServer([
            Route("GET", "/slow/{n}", .async { r in
                try await Task.sleep(for: .milliseconds(30))
                return Response.text("done \(try r[PathParameter("n")])")
            }),
        ])
        defer { server.stop() }
        let port = server.port
        let texts = try await blocking {
            let client = try Client(port: port)
            return try (1...3).map { n in
                try client.send("GET /slow/\(n) HTTP/1.1\r\nHost: x\r\n\r\n")
                return try client.readResponse().text
            }
        }
        #expect(texts == ["done 1", "done 2", "done 3"])
    }

    @Test func eventsArriveOverTimeThenEnd() async throws {
        let terminated = Flag()
        let server = try startServer([
            Route("GET", "/events", .sync { _ in
                let source = EventSource()
                source.onTerminate { terminated.set() }
                Task {
                    for i in 1...3 {
                        try await Task.sleep(for: .milliseconds(40))
                        source.send(event: "tick", data: "n=\(i)", id: "\(i)")
                    }
                    source.close()
                }
                return .events(source)
            }),
        ])
        defer { server.stop() }
        let started = Date()
        let port = server.port
        let r = try await blocking { try fetch(port, "GET", "/events") }
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "text/event-stream")
        #expect(r.text == "id: 1\nevent: tick\ndata: n=1\n\nid: 2\nevent: tick\ndata: n=2\n\nid: 3\nevent: tick\ndata: n=3\n\n")
        #expect(Date().timeIntervalSince(started) >= 0.1)
        for _ in 0..<100 where !terminated.isSet { try await Task.sleep(for: .milliseconds(10)) }
        #expect(terminated.isSet)
    }

    @Test func clientLeavingTerminatesTheSource() async throws {
        let terminated = Flag()
        let server = try startServer([
            Route("GET", "/events", .sync { _ in
                let source = EventSource()
                source.onTerminate { terminated.set() }
                Task {
                    source.send(data: "hello")
                    while !source.isClosed {
                        try await Task.sleep(for: .milliseconds(20))
                        source.comment("keep-alive")
                    }
                }
                return .events(source)
            }),
        ])
        defer { server.stop() }
        let port = server.port
        try await blocking {
            let client = try Client(port: port)
            try client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
            var seen: [UInt8] = []
            while Client.find(Array("hello".utf8), in: seen) == nil { seen += try client.readSome() }
        }
        for _ in 0..<200 where !terminated.isSet { try await Task.sleep(for: .milliseconds(10)) }
        #expect(terminated.isSet)
    }

    @Test func stopClosesLiveEventStreams() throws {
        let server = try startServer([Route("GET", "/events", .sync { _ in .events(EventSource()) })])
        let client = try Client(port: server.port)
        try client.send("GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
        _ = try client.readSome()
        let started = Date()
        server.stop()
        #expect(Date().timeIntervalSince(started) < 2)
    }
}

@Suite struct ShutdownTests {
    @Test func inFlightRequestFinishesAndNewConnectionsAreRefused() async throws {
        let server = try startServer([
            Route("GET", "/slow", .async { _ in
                try await Task.sleep(for: .milliseconds(300))
                return Response.text("finished")
            }),
        ])
        let port = server.port
        let pending = Task { try await blocking { () -> WireResponse in
            let client = try Client(port: port)
            try client.send("GET /slow HTTP/1.1\r\nHost: x\r\n\r\n")
            return try client.readResponse()
        } }
        // Stop only once the request is in the server's hands: on a busy machine a fixed wait can
        // end before the request arrives, and a request that never arrived is not "in flight".
        for _ in 0..<500 where server.inFlight.load(ordering: .acquiring) == 0 { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(20))
        let stopped = Task { try await blocking { server.stop(); return Date() } }
        let response = try await pending.value
        #expect(response.status == 200)
        #expect(response.text == "finished")
        _ = try await stopped.value
        #expect(throws: SocketError.self) { _ = try Client(port: port) }
        server.stop()
    }
}
