import Testing
@testable import NotioApp

@Test func moduleLoads() { #expect(Bool(true)) }
