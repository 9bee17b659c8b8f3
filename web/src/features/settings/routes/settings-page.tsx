import { PasswordForm } from "@/features/settings/components/password-form";
import { SessionsSection } from "@/features/settings/components/sessions-section";
import { SettingsFrame } from "@/features/settings/components/settings-frame";
import { SettingsSection } from "@/features/settings/components/settings-section";
import { TwoFactorSection } from "@/features/settings/components/two-factor-section";

/** /app/settings: how the account is kept safe (password, two-factor, where it is signed in). */
export function SettingsPage() {
  return (
    <SettingsFrame title="Settings" description="Your password, two-factor authentication and sessions.">
      <SettingsSection
        id="password"
        title="Password"
        description="Choosing a new password signs you out everywhere else."
      >
        <PasswordForm />
      </SettingsSection>
      <TwoFactorSection />
      <SessionsSection />
    </SettingsFrame>
  );
}
