// The names the SGD fixtures give a schema's services and intents.

/**
 * `Restaurants_1`, `FindRestaurants` → `restaurants_1_find_restaurants`; a one-letter word keeps its own place
 * (`FindAForecast` → `find_a_forecast`, SGD-X's wording).
 */
export function sgdToolName(service: string, intent: string): string {
  const words = intent.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
  return `${service.toLowerCase()}_${words}`;
}

/** The domain of a service: its name without the `_<n>` version (`Hotels_2` → `hotels`). */
export function sgdDomain(service: string): string {
  return service.replace(/_\d+$/, '').toLowerCase();
}
