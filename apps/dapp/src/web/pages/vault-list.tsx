import type { PublicSku } from '../../shared/public-config.ts';
import { useDapp } from '../data/context.ts';
import { fetchSkuSummary } from '../data/indexer.ts';
import { useRead } from '../data/queries.ts';
import { Link } from '../router.tsx';
import { Banners } from '../ui/banners.tsx';
import { Failed, Loading, useVault } from './common.tsx';
import { Composition, Headline } from './vault-card.tsx';

export function VaultList() {
  const { session } = useDapp();
  return (
    <div>
      <h1>Vaults</h1>
      <p className="lead">
        Each vault holds a basket of tokenized stocks. Amounts are shown with each token’s current
        multiplier applied.
      </p>
      {session.config.skus.map((sku) => (
        <VaultCard key={sku.skuId} sku={sku} />
      ))}
    </div>
  );
}

function VaultCard(props: { sku: PublicSku }) {
  const { session } = useDapp();
  const view = useVault(props.sku);
  const summary = useRead(['sku-summary', props.sku.skuId], () =>
    fetchSkuSummary(session.config.indexerBase, props.sku.skuId),
  );
  return (
    <section className="card" aria-labelledby={`sku-${props.sku.skuId}`}>
      <h2 id={`sku-${props.sku.skuId}`}>
        <Link to={`/vaults/${props.sku.skuId}`}>{`${props.sku.skuId} — ${props.sku.label}`}</Link>
      </h2>
      {view.error ? <Failed error={view.error} /> : null}
      {view.value ? (
        [
          <Banners key="b" banners={view.value.banners} />,
          <Headline key="h" view={view.value} summary={summary.value} />,
          <Composition key="c" view={view.value} />,
          <p key="a" className="actions">
            <Link to={`/vaults/${props.sku.skuId}/deposit`} className="button">
              Deposit
            </Link>{' '}
            <Link to={`/vaults/${props.sku.skuId}/withdraw`} className="button secondary">
              Withdraw
            </Link>
          </p>,
        ]
      ) : view.error ? null : (
        <Loading what={props.sku.skuId} />
      )}
    </section>
  );
}
