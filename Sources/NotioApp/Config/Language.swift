import Foundation
import NotioCore
import NotioHTTP

/// Who reads in which language, decided here only: a member's setting; for a visitor the
/// `notio_lang` cookie, else `Accept-Language`, else Korean.
extension Language {
    /// The language of whoever sent `request`.
    static func reader(_ visitor: Visitor, _ request: Request) -> Language {
        visitor.user.map(of) ?? preferred(request)
    }

    /// A member's language setting (Korean when it names no language we have).
    static func of(_ user: User) -> Language { Language(rawValue: user.language) ?? .ko }

    /// The language of a visitor without an account setting: the `notio_lang` cookie, else
    /// `Accept-Language`, else Korean.
    static func preferred(_ request: Request) -> Language {
        if let c = request.cookies[Cookies.language], let l = Language(rawValue: c) { return l }
        return preferred(acceptLanguage: request.headers["Accept-Language"])
    }
}
