import Foundation
import NotioCore
import NotioHTTP

extension AccountPages {
    /// `POST /settings/profile`: a new name, and a new email when the password confirms it →
    /// 303 to the settings; a refusal shows the settings with the reason.
    func saveProfile(_ request: Request, _ member: Member) async throws -> Response {
        let f = request.formFields
        return try await settingsAction(request, member) {
            var user = member.user
            if let name = f["name"], name.trimmingCharacters(in: .whitespaces) != user.name { user = try app.accounts.rename(user, to: name) }
            if let email = f["email"], !email.isEmpty {
                user = try await app.accounts.changeEmail(of: user, to: email, password: f["password"] ?? "",
                                                          device: app.signInDevice(request))
            }
            return .redirect("\(Paths.settings)?done=profile")
        }
    }
}

extension Pages {
    /// Name and email change, in the account section. The email asks for the password, since it
    /// is what signs in.
    static func profileForm(_ ctx: PageContext) -> HTML {
        """
        <form method="post" action="\(Paths.settingsProfile)" class="profile-form" id="profile-form">
          \(Form.csrfField(ctx))
          <div class="field"><label for="profile-name">\(ctx.t("field.name"))</label>
            <input id="profile-name" name="name" type="text" maxlength="\(AccountRules.maximumNameLength)" required autocomplete="name" value="\(ctx.user?.name ?? "")"></div>
          <div class="field"><label for="profile-email">\(ctx.t("field.email"))</label>
            <input id="profile-email" name="email" type="email" autocomplete="email" value="\(ctx.user?.email ?? "")"></div>
          <div class="field"><label for="profile-password">\(ctx.t("settings.profile.password"))</label>
            <input id="profile-password" name="password" type="password" autocomplete="current-password"></div>
          <button class="button button-secondary" type="submit" id="profile-save">\(ctx.t("settings.profile.save"))</button>
        </form>
        """
    }
}
