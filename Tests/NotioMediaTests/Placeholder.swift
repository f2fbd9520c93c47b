import Testing
@testable import NotioMedia

@Test func moduleLoads() { #expect(Bool(true)) }
