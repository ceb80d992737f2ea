import '../dashboard-strings';
import { Navigate } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ORG_ROLES, orgRoleMay, type OrgRole } from '#shared/organization-roles';
import {
  InvitationCreateSchema,
  type InvitationCreateInput,
  type OrgInvitation,
  type OrgMember,
} from '#shared/schemas/org-schemas';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/session-context';
import { useFormatters } from '../../../i18n/use-formatters';
import { BusySubmitButton } from '../../../ui/busy-submit-button';
import { buttonClassName } from '../../../ui/button-styles';
import { Card } from '../../../ui/card';
import { DataTable } from '../../../ui/data-table';
import { FormAlert } from '../../../ui/form-alert';
import { ConfirmedActionButton } from '../../../ui/confirmed-action-button';
import { EmailField, SelectField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { PageHeader } from '../../../ui/page-header';
import { EmptyState, ErrorState } from '../../../ui/query-states';
import { LoadingState } from '../../../ui/spinner';
import { notifyError, notifySuccess, ToastRegion } from '../../../ui/toasts';
import { useCheckedForm } from '../../../ui/use-checked-form';
import {
  useChangeRole,
  useInvite,
  useRemoveMember,
  useRevokeInvitation,
  useTeam,
} from '../api/team-queries';

const failureText = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message ? error.message : fallback;

function useRoleOptions() {
  const { t } = useTranslation();
  return ORG_ROLES.map((role) => ({ value: role, label: t(`dashboard.team.roles.${role}`) }));
}

function InviteCard() {
  const { t } = useTranslation();
  const invite = useInvite();
  const roleOptions = useRoleOptions();
  const { form, formError, field, submitWith } = useCheckedForm<InvitationCreateInput>({
    resolver: zodResolver(InvitationCreateSchema),
    defaultValues: { email: '', role: 'staff' },
  });
  const role = form.watch('role');
  const onSubmit = submitWith(
    ['email', 'role'],
    t('dashboard.team.invite.failed'),
    async (values) => {
      await invite.mutateAsync(values);
      form.reset({ email: '', role: values.role });
      notifySuccess(t('dashboard.team.invite.sent', { email: values.email }));
    },
  );
  return (
    <Card title={t('dashboard.team.invite.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('dashboard.team.invite.lead')}</p>
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-[2fr_1fr_auto]">
        <div className="sm:col-span-3">
          <FormAlert>{formError}</FormAlert>
        </div>
        <EmailField label={t('dashboard.team.invite.email')} {...field('email')} />
        <SelectField
          label={t('dashboard.team.invite.role')}
          options={roleOptions}
          hint={t(`dashboard.team.roleHints.${role}`)}
          {...field('role')}
        />
        <div className="sm:pt-7">
          <BusySubmitButton
            busy={form.formState.isSubmitting}
            label={t('dashboard.team.invite.submit')}
            busyLabel={t('dashboard.team.invite.busy')}
          />
        </div>
      </form>
    </Card>
  );
}

function MemberRole({ member }: { member: OrgMember }) {
  const { t } = useTranslation();
  const changeRole = useChangeRole();
  const roleOptions = useRoleOptions();
  return (
    <select
      aria-label={t('dashboard.team.members.changeRole', { name: member.name })}
      value={member.role}
      disabled={changeRole.isPending}
      onChange={(event) =>
        changeRole.mutate(
          { userId: member.id, role: event.target.value as OrgRole },
          {
            onSuccess: () => notifySuccess(t('dashboard.team.members.roleChanged')),
            onError: (error) => notifyError(failureText(error, t('dashboard.team.members.failed'))),
          },
        )
      }
      className={`${inputClassName()} min-w-36 py-1.5`}
    >
      {roleOptions.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

function RemoveMember({ member }: { member: OrgMember }) {
  const { t } = useTranslation();
  const remove = useRemoveMember();
  return (
    <ConfirmedActionButton
      label={t('dashboard.team.members.remove')}
      title={t('dashboard.team.members.removeTitle', { name: member.name })}
      lead={t('dashboard.team.members.removeLead')}
      cancelLabel={t('dashboard.team.members.cancel')}
      confirmLabel={t('dashboard.team.members.removeConfirm')}
      busyLabel={t('dashboard.team.members.removing')}
      busy={remove.isPending}
      onConfirm={(close) =>
        remove.mutate(member.id, {
          onSuccess: () => {
            notifySuccess(t('dashboard.team.members.removed'));
            close();
          },
          onError: (error) => notifyError(failureText(error, t('dashboard.team.members.failed'))),
        })
      }
    />
  );
}

function MembersCard({ members }: { members: OrgMember[] }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <Card title={t('dashboard.team.members.title')}>
      <DataTable
        caption={t('dashboard.team.members.caption')}
        rows={members}
        rowKey={(member) => member.id}
        columns={[
          {
            id: 'name',
            header: t('dashboard.team.members.name'),
            cell: (member) =>
              member.id === user?.id
                ? `${member.name} ${t('dashboard.team.members.you')}`
                : member.name,
          },
          { id: 'email', header: t('dashboard.team.members.email'), cell: (m) => m.email },
          {
            id: 'role',
            header: t('dashboard.team.members.role'),
            cell: (member) => <MemberRole member={member} />,
          },
          {
            id: 'actions',
            header: t('dashboard.team.members.actions'),
            cell: (member) => <RemoveMember member={member} />,
          },
        ]}
      />
    </Card>
  );
}

function InvitationsCard({ invitations }: { invitations: OrgInvitation[] }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const revoke = useRevokeInvitation();
  return (
    <Card title={t('dashboard.team.invitations.title')}>
      {invitations.length === 0 ? (
        <EmptyState message={t('dashboard.team.invitations.none')} />
      ) : (
        <DataTable
          caption={t('dashboard.team.invitations.caption')}
          rows={invitations}
          rowKey={(invitation) => invitation.id}
          columns={[
            { id: 'email', header: t('dashboard.team.invitations.email'), cell: (i) => i.email },
            {
              id: 'role',
              header: t('dashboard.team.invitations.role'),
              cell: (i) => t(`dashboard.team.roles.${i.role}`),
            },
            {
              id: 'expires',
              header: t('dashboard.team.invitations.expires'),
              cell: (i) => date(i.expiresAt),
            },
            {
              id: 'actions',
              header: t('dashboard.team.invitations.actions'),
              cell: (invitation) => (
                <button
                  type="button"
                  disabled={revoke.isPending}
                  onClick={() =>
                    revoke.mutate(invitation.id, {
                      onSuccess: () => notifySuccess(t('dashboard.team.invitations.revoked')),
                      onError: (error) =>
                        notifyError(failureText(error, t('dashboard.team.invitations.failed'))),
                    })
                  }
                  className={buttonClassName('secondary')}
                >
                  {t('dashboard.team.invitations.revoke')}
                </button>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}

/**
 * /dashboard/team (docs/decisions/0014-organizations.md): an owner's members with their roles
 * (change, remove), pending invitations (withdraw) and the invite form. Any other role is sent
 * where a refused screen goes.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const mayManage = orgRoleMay(user?.organization?.role, 'manageTeam');
  const team = useTeam(mayManage);
  if (!mayManage) return <Navigate to="/unauthorized" replace />;

  let body;
  if (team.isPending) {
    body = <LoadingState />;
  } else if (team.isError) {
    body = (
      <ErrorState message={t('dashboard.team.loadFailed')} onRetry={() => void team.refetch()} />
    );
  } else {
    body = (
      <div className="space-y-4">
        <InviteCard />
        <MembersCard members={team.data.members} />
        <InvitationsCard invitations={team.data.invitations} />
      </div>
    );
  }
  return (
    <>
      <PageHeader
        title={t('dashboard.team.title')}
        lead={t('dashboard.team.lead', { organization: user?.organization?.name ?? '' })}
      />
      {body}
      <ToastRegion />
    </>
  );
}
