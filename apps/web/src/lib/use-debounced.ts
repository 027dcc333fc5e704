import { useEffect, useState } from "react";

/** The value, once it has stayed the same for `delay` milliseconds (for text filters that query the server). */
export function useDebounced<T>(value: T, delay = 350): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
