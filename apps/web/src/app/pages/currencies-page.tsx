import { RatesScreen } from '../../features/currencies/components/rates-screen.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';

/** /account/currencies (DESIGN.md §17): the base currency and the monthly rates every other currency converts at. */
export const CurrenciesPage = () => (
  <>
    <PageHeader
      title="Currencies"
      subtitle="Budget and spend in more than one currency: enter each month’s rate to your base currency, or import them."
    />
    <RatesScreen />
  </>
);
