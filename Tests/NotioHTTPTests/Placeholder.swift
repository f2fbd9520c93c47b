import Testing
@testable import NotioHTTP

@Test func moduleLoads() { #expect(Bool(true)) }
