import Foundation
import NotioHTTP

extension Language {
    /// The language of a visitor without an account setting: the `notio_lang` cookie, else
    /// `Accept-Language`, else Korean.
    static func preferred(_ request: Request) -> Language {
        if let c = request.cookies[Cookies.language], let l = Language(rawValue: c) { return l }
        return preferred(acceptLanguage: request.headers["Accept-Language"])
    }
}
