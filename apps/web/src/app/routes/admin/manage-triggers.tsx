import { CirclePlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useUser } from '@/features/auth/api/get-me';
import { OwnerFilterSelect } from '@/features/teams/components/owner-fields';
import { useTriggersPage } from '@/features/triggers/api/get-triggers';
import { TriggerFilters } from '@/features/triggers/components/trigger-filters';
import { TriggersTable } from '@/features/triggers/components/triggers-table';
import type { TypeFilter } from '@/features/triggers/lib/filter-triggers';
import { useListFilters } from '@/hooks/use-list-filters';

/** SPEC §9: the Manage table's page size. */
const MANAGE_PAGE_SIZE = 5;

export function ManageTriggersRoute() {
  const [searchParams] = useSearchParams();
  const { page, setPage, search, setSearch, settledSearch, owner, setOwner } = useListFilters(
    searchParams.get('q') ?? '',
  );
  const [type, setType] = useState<TypeFilter>('ALL');
  const triggersQuery = useTriggersPage({
    page,
    pageSize: MANAGE_PAGE_SIZE,
    search: settledSearch || undefined,
    type: type === 'ALL' ? undefined : type,
    teamId: owner,
  });
  const { data: user } = useUser();
  const canEdit = user?.role !== 'viewer';
  const current = triggersQuery.data;
  // A page past the end (the last row of the last page deleted) moves to the last page.
  useEffect(() => {
    if (current && !triggersQuery.isPlaceholderData && page > current.pageCount) setPage(current.pageCount);
  }, [current, triggersQuery.isPlaceholderData, page, setPage]);

  return (
    <div>
      <PageHeader
        title="Manage Triggers"
        description="Search, test, edit and delete your sound triggers."
        actions={
          canEdit ? (
            <Link to="/admin/create-trigger" className={buttonVariants()}>
              <CirclePlus /> Create Trigger
            </Link>
          ) : null
        }
      />
      <Card>
        <div className="p-4 sm:p-5">
          <TriggerFilters
            search={search}
            onSearchChange={setSearch}
            type={type}
            onTypeChange={(value) => {
              setType(value);
              setPage(1);
            }}
            testIdPrefix="manage-triggers"
          />
          <div className="mt-3 empty:hidden">
            <OwnerFilterSelect value={owner} onChange={setOwner} />
          </div>
        </div>
        {triggersQuery.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner className="size-7" label="Loading triggers" />
          </div>
        ) : triggersQuery.isError ? (
          <p
            className="mx-5 mb-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700"
            role="alert"
          >
            Could not load triggers: {triggersQuery.error.message}
          </p>
        ) : (
          <TriggersTable current={triggersQuery.data} onPageChange={setPage} canEdit={canEdit} />
        )}
      </Card>
    </div>
  );
}
