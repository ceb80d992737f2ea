import '../admin-strings';
import '../../../i18n/security-strings';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../../../ui/auth-card';
import { LogoutButton } from '../../../ui/logout-button';
import { SecondFactorSetup } from '../../../ui/security/second-factor-setup';

/**
 * Where an admin without a second factor is held while ADMIN_MFA=required
 * (docs/decisions/0015-second-factor-and-sessions.md): enrol, save the recovery codes, then the
 * back office opens.
 */
export function SecondFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthCard
      title={t('security.setup.title')}
      lead={t('security.setup.adminLead')}
      wide
      footer={<LogoutButton />}
    >
      <SecondFactorSetup onDone={() => void navigate('/admin', { replace: true })} />
    </AuthCard>
  );
}
