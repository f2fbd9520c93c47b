import Foundation
import NotioHTTP

/// The OpenAPI 3.1 description of the JSON API, served at `/api/openapi.json`. Written by hand
/// beside the route table; a test checks that both list the same routes.
enum OpenAPIDocument {
    typealias Object = [String: Any]

    static func ref(_ name: String) -> Object { ["$ref": "#/components/schemas/\(name)"] }
    static func jsonBody(_ schema: Object) -> Object { ["required": true, "content": ["application/json": ["schema": schema]]] }
    static func answer(_ description: String, _ schema: Object? = nil) -> Object {
        var o: Object = ["description": description]
        if let schema { o["content"] = ["application/json": ["schema": schema]] }
        return o
    }
    static func errorAnswer(_ d: String) -> Object { answer(d, ref("Error")) }

    /// Operations by path and method.
    static var paths: [String: [String: Object]] { [
        "/healthz": ["get": ["summary": "200 when the database answers", "security": [], "responses": ["200": answer("Healthy"), "503": answer("Database unavailable")]]],
        "/api/openapi.json": ["get": ["summary": "This document", "security": [], "responses": ["200": answer("OpenAPI 3.1 document")]]],
        "/api/v1/auth/signup": ["post": [
            "summary": "Create an account and sign in", "security": [],
            "requestBody": jsonBody(["type": "object", "required": ["email", "password", "name", "agreeTerms"], "properties": [
                "email": ["type": "string", "format": "email"], "password": ["type": "string", "minLength": 8],
                "name": ["type": "string", "maxLength": 50], "agreeTerms": ["type": "boolean", "const": true],
                "language": ["type": "string", "enum": ["ko", "en"]]]]),
            "responses": ["201": answer("Signed in; sets the session cookie", ref("SignedIn")), "400": errorAnswer("Malformed JSON"),
                          "409": errorAnswer("email_taken"), "422": errorAnswer("Invalid values, named in error.fields")]]],
        "/api/v1/auth/email-available": ["get": [
            "summary": "Whether an email can still be used to sign up", "security": [],
            "parameters": [["name": "email", "in": "query", "required": true, "schema": ["type": "string"]]],
            "responses": ["200": answer("Availability", ["type": "object", "properties": ["available": ["type": "boolean"], "valid": ["type": "boolean"]]])]]],
        "/api/v1/auth/login": ["post": [
            "summary": "Sign in", "security": [],
            "requestBody": jsonBody(["type": "object", "required": ["email", "password"], "properties": [
                "email": ["type": "string"], "password": ["type": "string"]]]),
            "responses": ["200": answer("Signed in; sets the session cookie", ref("SignedIn")), "401": errorAnswer("invalid_credentials"),
                          "429": errorAnswer("too_many_attempts")]]],
        "/api/v1/auth/logout": ["post": ["summary": "Sign out", "responses": ["204": answer("Session ended"), "403": errorAnswer("CSRF token missing")]]],
        "/api/v1/me": [
            "get": ["summary": "The signed-in account and its CSRF token", "responses": ["200": answer("The account", ref("SignedIn")), "401": errorAnswer("Not signed in")]],
            "patch": ["summary": "Change language or time zone",
                      "requestBody": jsonBody(["type": "object", "properties": ["language": ["type": "string", "enum": ["ko", "en"]], "timeZone": ["type": "string"]]]),
                      "responses": ["200": answer("The account", ref("SignedIn")), "422": errorAnswer("Invalid values")]],
        ],
    ] }

    static var schemas: Object { [
        "Error": ["type": "object", "required": ["error"], "properties": ["error": ["type": "object", "required": ["code", "message"], "properties": [
            "code": ["type": "string"], "message": ["type": "string"], "fields": ["type": "object", "additionalProperties": ["type": "string"]]]]]],
        "User": ["type": "object", "required": ["id", "email", "name"], "properties": [
            "id": ["type": "string"], "email": ["type": "string"], "name": ["type": "string"], "language": ["type": "string"], "timeZone": ["type": "string"]]],
        "SignedIn": ["type": "object", "required": ["user", "csrfToken"], "properties": [
            "user": ref("User"), "csrfToken": ["type": "string"], "readOnly": ["type": "boolean"]]],
    ] }

    static var document: Object { [
        "openapi": "3.1.0",
        "info": ["title": "Notio API", "version": "1.0.0",
                 "description": "Errors are {\"error\":{\"code\",\"message\"}}. Requests that change state with the session cookie carry X-CSRF-Token."],
        "servers": [["url": "/"]],
        "paths": paths,
        "components": ["schemas": schemas,
                       "securitySchemes": ["session": ["type": "apiKey", "in": "cookie", "name": "notio_session"]]],
        "security": [["session": []]],
    ] }

    /// (METHOD, path) pairs the document describes.
    static var operations: Set<String> {
        Set(paths.flatMap { path, ops in ops.keys.map { "\($0.uppercased()) \(path)" } })
    }

    static let response: Response = Response.json(try! JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
}
