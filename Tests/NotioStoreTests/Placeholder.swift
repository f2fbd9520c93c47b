import Testing
@testable import NotioStore

@Test func moduleLoads() { #expect(Bool(true)) }
