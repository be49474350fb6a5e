// A world map shaded by tickets sold per buyer's country. The shapes come from the world-atlas package (Natural
// Earth 1:110m, bundled with the app: nothing is fetched from another site) drawn with d3-geo; the same numbers
// are in the table beside it, so the map itself is decorative for screen readers.
import { useMemo } from 'react';
import { geoEqualEarth, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';
import { alpha2FromNumeric, countryName } from '../lib/countries';

const WIDTH = 800;
const HEIGHT = 400;

type Country = Feature<Geometry, { name: string }>;

function useCountries() {
  return useMemo(() => {
    const topology = world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const collection = feature(topology, topology.objects.countries) as FeatureCollection<Geometry, { name: string }>;
    const projection = geoEqualEarth().fitExtent(
      [
        [4, 4],
        [WIDTH - 4, HEIGHT - 4],
      ],
      { type: 'Sphere' },
    );
    const path = geoPath(projection);
    return collection.features
      .filter((country: Country) => country.properties.name !== 'Antarctica')
      .map((country: Country) => ({
        code: alpha2FromNumeric(country.id),
        name: country.properties.name,
        d: path(country) ?? '',
      }));
  }, []);
}

export function RegionMap({ tickets }: { tickets: Map<string, number> }) {
  const countries = useCountries();
  const max = Math.max(1, ...tickets.values());
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="h-auto w-full"
      aria-hidden="true"
      data-testid="region-map"
      focusable="false"
    >
      {countries.map((country, index) => {
        const sold = country.code ? (tickets.get(country.code) ?? 0) : 0;
        // At least 25% strength so a country with one sale is still clearly shaded.
        const strength = sold === 0 ? 0 : 0.25 + 0.75 * (sold / max);
        return (
          <path
            key={`${country.code ?? country.name}-${index}`}
            d={country.d}
            data-country={country.code}
            data-tickets={sold}
            className={sold > 0 ? 'fill-emerald-600 dark:fill-primary' : 'fill-muted-foreground/20'}
            style={sold > 0 ? { fillOpacity: strength } : undefined}
            stroke="var(--background)"
            strokeWidth={0.5}
          >
            <title>{`${countryName(country.code ?? null) || country.name}: ${sold} ticket${sold === 1 ? '' : 's'}`}</title>
          </path>
        );
      })}
    </svg>
  );
}
