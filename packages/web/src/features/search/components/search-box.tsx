import { useNavigate } from 'react-router';
import { searchPath } from '../search-paths';
import classes from './search-box.module.css';
import { SuggestionInput } from '../../tickers';
import { tickerPath } from '../../../lib/ticker-path';

export interface SearchBoxProps {
  /** Which bar it sits in: each shows at the widths where it reads well. */
  placement: 'topBar' | 'actionBar';
}

/**
 * Spec §2 search box of the top and action bars: company suggestions; Enter searches
 * (/search?q=), picking a suggestion opens the company (/ticker/{symbol}).
 */
export function SearchBox({ placement }: SearchBoxProps) {
  const navigate = useNavigate();
  return (
    <SuggestionInput
      label="Search companies"
      hideLabel
      placeholder="Search ticker or company"
      clearAfter
      className={classes[placement]}
      onPick={(symbol) => void navigate(tickerPath(symbol))}
      onSubmitText={(text) => void navigate(searchPath(text))}
    />
  );
}
