import { useSearchParams } from 'react-router';

/** The 1-based `?page=` of the URL, and a setter that keeps the other parameters. */
export function usePageParam(): [number, (page: number) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('page') ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = (next: number) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      if (next <= 1) params.delete('page');
      else params.set('page', String(next));
      return params;
    });
    window.scrollTo({ top: 0 });
  };
  return [page, setPage];
}
