import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatOrderDate } from '../../../lib/format';
import { PRODUCT_NAME } from '../../../lib/site';
import { createApiKey, type CreatedApiKey, revokeApiKey, useApiKeys } from '../api/api-keys';

/** API keys for integrators (under the dashboard): create one (shown once), see when each was last used, revoke. */
export function ApiKeysPage() {
  const { data: keys, error, mutate } = useApiKeys();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  async function revoke(id: number, name: string) {
    try {
      await revokeApiKey(id);
      if (created?.id === id) setCreated(null);
      await mutate();
      toast({ title: 'API key revoked', description: `"${name}" no longer works.` });
    } catch (failure) {
      toast({
        title: 'Error',
        description: errorMessage(failure, 'Failed to revoke the API key. Please try again.'),
        variant: 'destructive',
      });
    }
  }

  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <title>{`API keys | ${PRODUCT_NAME}`}</title>
      <Link to="/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
        Back to Dashboard
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">API keys</h1>
      <p className="mt-2 text-slate-600">
        Connect your own tools: send{' '}
        <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code> with each request. A key
        acts as you, so keep it secret and revoke any key you no longer use.
      </p>

      <CreateKeyForm
        onCreated={async (key) => {
          setCreated(key);
          await mutate();
        }}
      />
      {created && <NewKeyNotice created={created} onDone={() => setCreated(null)} />}

      <Card className="mt-8 overflow-hidden">
        {!keys && !error && <Spinner label="Loading your API keys..." />}
        {error && <p className="p-6 text-slate-600">{errorMessage(error, 'Failed to load your API keys.')}</p>}
        {keys && keys.length === 0 && <p className="p-6 text-slate-600">No API keys yet.</p>}
        {keys && keys.length > 0 && (
          <table className="w-full text-left text-sm">
            <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">Key</th>
                <th className="px-4 py-3">Created</th>
                <th className="px-4 py-3">Last used</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.map((key) => (
                <tr key={key.id}>
                  <td className="px-4 py-3 font-medium text-slate-900">{key.name}</td>
                  <td className="px-4 py-3 font-mono text-slate-600">{key.prefix}…</td>
                  <td className="px-4 py-3 text-slate-600">{formatOrderDate(key.created)}</td>
                  <td className="px-4 py-3 text-slate-600">
                    {key.last_used ? formatOrderDate(key.last_used) : 'Never'}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => void revoke(key.id, key.name)}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => Promise<void> }) {
  const inputId = useId();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onCreated(await createApiKey(name.trim()));
      setName('');
    } catch (failure) {
      toast({
        title: 'Error',
        description: errorMessage(failure, 'Failed to create the API key. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={(event) => void submit(event)}>
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
          Key name
        </label>
        <input
          id={inputId}
          required
          maxLength={100}
          placeholder="e.g. Channel manager sync"
          value={name}
          onChange={(event) => setName(event.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm text-slate-900 shadow-sm focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
        />
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Creating...' : 'Create key'}
      </Button>
    </form>
  );
}

function NewKeyNotice({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <div role="status" className="mt-6 rounded-xl bg-teal-50 p-5 ring-1 ring-teal-100">
      <p className="font-semibold text-teal-900">Your new key "{created.name}"</p>
      <p className="mt-1 text-sm text-teal-900">Copy it now: it will not be shown again.</p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <code
          aria-label="New API key"
          className="flex-1 rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-slate-200"
        >
          {created.key}
        </code>
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(created.key)}>
          Copy
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
