/** Vendor Credentials: every vendor's logins, API keys, SFTP and EDI accounts, secrets masked (Reveal for those allowed). */
import { CredentialsPanel } from './parts/CredentialsPanel';

export default function CredentialListScreen() {
  return <CredentialsPanel />;
}
