import { useParams } from 'react-router';

/** The route's `:id` as a positive integer, or 0 for anything else (the server answers 400, shown as not found). */
export function useRouteId(): number {
  const id = Number(useParams().id);
  return Number.isInteger(id) && id > 0 ? id : 0;
}
