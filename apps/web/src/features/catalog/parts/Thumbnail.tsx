/** A product image in a fixed square; a broken image falls back to the default product image. */
import './catalog.css';
import { DEFAULT_PRODUCT_IMAGE } from '@qm/contracts';

export function Thumbnail({ src, alt, size = 36 }: { src: string | null | undefined; alt: string; size?: number }) {
  return (
    <img
      src={src || DEFAULT_PRODUCT_IMAGE}
      alt={alt}
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      className="qm-thumb"
      style={{ width: size, height: size }}
      onError={(e) => {
        const img = e.currentTarget;
        if (!img.src.endsWith(DEFAULT_PRODUCT_IMAGE)) img.src = DEFAULT_PRODUCT_IMAGE;
      }}
    />
  );
}
