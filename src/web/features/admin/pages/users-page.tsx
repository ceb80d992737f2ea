import '../admin-strings';
import { useTranslation } from 'react-i18next';
import { getRoleTone } from '#shared/order-status';
import type { AdminUserListItem } from '#shared/schemas/admin-schemas';
import { useFormatters } from '../../../i18n/use-formatters';
import { useSession } from '../../../lib/session/session-context';
import { StatusBadge } from '../../../ui/status-badge';
import { AccountAccessAction, AccountStateBadge } from '../components/account-access';
import { AdminListScreen } from '../components/admin-list-screen';
import type { CardColumn } from '../../../ui/row-cards';

/** /admin/users: every account with its type, role and state; an admin disables or enables it. */
export function UsersPage() {
  const { t } = useTranslation();
  const { user: signedIn } = useSession();
  // docs/product.md, section 2: Created At as yyyy-MM-dd HH:mm, in the admin's own time zone.
  const { numericDateTime } = useFormatters();
  const none = t('admin.common.none');
  const columns: CardColumn<AdminUserListItem>[] = [
    {
      id: 'email',
      header: t('admin.users.columns.email'),
      cell: (user) => <span className="break-all">{user.email}</span>,
    },
    { id: 'name', header: t('admin.users.columns.name'), cell: (user) => user.name },
    {
      id: 'userType',
      header: t('admin.users.columns.userType'),
      cell: (user) => (user.userType ? t(`admin.userTypes.${user.userType}`) : none),
    },
    {
      id: 'role',
      header: t('admin.users.columns.role'),
      cell: (user) => <StatusBadge tone={getRoleTone(user.role)}>{user.role}</StatusBadge>,
    },
    {
      id: 'createdAt',
      header: t('admin.users.columns.createdAt'),
      cell: (user) => (
        <time dateTime={user.createdAt} className="whitespace-nowrap">
          {numericDateTime(user.createdAt)}
        </time>
      ),
    },
    {
      id: 'access',
      header: t('admin.accountAccess.column'),
      cell: (user) => (
        <span className="flex flex-wrap items-center gap-2 md:flex-nowrap">
          <AccountStateBadge user={user} />
          <AccountAccessAction user={user} isSelf={user.id === signedIn?.id} />
        </span>
      ),
    },
  ];
  return (
    <AdminListScreen
      list="users"
      title={t('admin.users.title')}
      lead={t('admin.users.lead')}
      caption={t('admin.users.caption')}
      searchPlaceholder={t('admin.users.searchPlaceholder')}
      emptyMessage={t('admin.users.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.users')}
      columns={columns}
      rowKey={(user) => user.id}
    />
  );
}
