import { EmailChangeForm } from "@/features/settings/components/email-change-form";
import { FullNameForm } from "@/features/settings/components/full-name-form";
import { SettingsFrame } from "@/features/settings/components/settings-frame";
import { SettingsSection } from "@/features/settings/components/settings-section";

/** /app/settings/profile: who you are to the rest of the team (name, e-mail address). */
export function ProfilePage() {
  return (
    <SettingsFrame title="Profile" description="Your name and the e-mail address you sign in with.">
      <SettingsSection id="profile-name" title="Name">
        <FullNameForm />
      </SettingsSection>
      <SettingsSection id="profile-email" title="E-mail address">
        <EmailChangeForm />
      </SettingsSection>
    </SettingsFrame>
  );
}
