import Testing
@testable import NotioCore

@Test func moduleLoads() { #expect(Bool(true)) }
