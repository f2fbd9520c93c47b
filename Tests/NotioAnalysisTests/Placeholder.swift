import Testing
@testable import NotioAnalysis

@Test func moduleLoads() { #expect(Bool(true)) }
