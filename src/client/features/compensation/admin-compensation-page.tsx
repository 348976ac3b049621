import { ArrowLeft, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminCompensation } from '../../../domain/compensation.ts';
import { paths } from '../../../domain/routes.ts';
import type { User } from '../../../domain/users.ts';
import { useLanguage } from '../../app/language-provider.tsx';
import { PageHeader, PageMain, QueryState } from '../../components/layout/page.tsx';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useAdminUser } from '../../lib/admin-user.ts';
import { ApiError } from '../../lib/api-fetch.ts';
import { CompensationHistory, CompensationTotals } from './admin-compensation-history.tsx';
import { AdminExportCsv } from './admin-export-csv.tsx';
import { useCreatorCompensations } from './api/get-creator-compensations.ts';
import { AddCompensationDialog, EditCompensationDialog } from './compensation-form-dialog.tsx';
import { personName } from './compensation-format.ts';
import { PublishCompensationDialog } from './publish-compensation-dialog.tsx';

/** One creator's compensation (docs/product.md, "Influencer Compensation"). */
export function AdminCompensationPage() {
  const { t } = useLanguage();
  const userId = useParams().userId?.trim() ?? '';
  const user = useAdminUser(userId);
  if (!userId) return <Unavailable title={t('compensation.admin.invalidUser')} />;
  if (user.isError && user.error instanceof ApiError && user.error.status === 404) {
    return <Unavailable title={t('compensation.admin.userNotFound')} />;
  }
  if (user.data?.isAdmin) {
    return (
      <Unavailable
        title={t('compensation.admin.userNotFound')}
        description={t('compensation.admin.notACreator')}
      />
    );
  }
  return (
    <PageMain>
      <BackToCreators />
      <QueryState query={user}>{(creator) => <CreatorCompensation creator={creator} />}</QueryState>
    </PageMain>
  );
}

function BackToCreators() {
  const { t } = useLanguage();
  return (
    <Link
      to={paths.adminCreators}
      className="inline-flex w-fit items-center gap-2 text-sm text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t('compensation.admin.back')}
    </Link>
  );
}

/** 'Invalid user ID' or 'User not found', with the way back. */
function Unavailable({ title, description }: { title: string; description?: string }) {
  const { t } = useLanguage();
  return (
    <PageMain>
      <Card role="alert" className="grid justify-items-center gap-3 py-12 text-center">
        <h1 className="text-xl font-bold">{title}</h1>
        {description && <p className="max-w-md text-muted-foreground">{description}</p>}
        <Link to={paths.adminCreators} className={buttonVariants({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" />
          {t('compensation.admin.back')}
        </Link>
      </Card>
    </PageMain>
  );
}

type OpenDialog =
  { kind: 'add' } | { kind: 'edit' | 'publish'; compensation: AdminCompensation } | null;

/** The creator's figures and entries, the export of their sheet, and the dialogs that change them. */
function CreatorCompensation({ creator }: { creator: User }) {
  const { t } = useLanguage();
  const compensations = useCreatorCompensations(creator.id);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const add = () => setDialog({ kind: 'add' });

  return (
    <>
      <PageHeader
        title={t('page.adminCompensation')}
        subtitle={t('compensation.admin.subtitle', { name: personName(creator) })}
        action={
          <Button onClick={add}>
            <Plus aria-hidden="true" />
            {t('compensation.add.open')}
          </Button>
        }
      />
      <QueryState query={compensations}>
        {(entries) => (
          <>
            <CompensationTotals entries={entries} />
            <CompensationHistory
              entries={entries}
              onAdd={add}
              onEdit={(entry) => setDialog({ kind: 'edit', compensation: entry })}
              onPublish={(entry) => setDialog({ kind: 'publish', compensation: entry })}
            />
          </>
        )}
      </QueryState>
      <section aria-labelledby="compensation-export" className="grid gap-3">
        <h2 id="compensation-export" className="text-lg font-semibold">
          {t('compensation.export.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('compensation.export.descriptionOne')}</p>
        <AdminExportCsv userId={creator.id} />
      </section>

      <AddCompensationDialog
        userId={creator.id}
        open={dialog?.kind === 'add'}
        onOpenChange={(open) => !open && close()}
      />
      <EditCompensationDialog
        compensation={dialog?.kind === 'edit' ? dialog.compensation : undefined}
        open={dialog?.kind === 'edit'}
        onOpenChange={(open) => !open && close()}
      />
      <PublishCompensationDialog
        compensation={dialog?.kind === 'publish' ? dialog.compensation : undefined}
        onClose={close}
      />
    </>
  );
}
