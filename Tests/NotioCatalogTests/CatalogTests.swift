import Testing
@testable import NotioCatalog
