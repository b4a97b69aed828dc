import { imageUrl } from '../../api/images';

/** A project logo through the image-resizing service (auto=format, fit=max, width, 2x for sharp screens). */
export function ProjectLogo({ src, size = 28, className }: { src: string; size?: number; className?: string }) {
  return (
    <img
      className={['project-logo', className].filter(Boolean).join(' ')}
      src={imageUrl(src, { width: size * 2 })}
      width={size}
      height={size}
      alt=""
      loading="lazy"
      decoding="async"
    />
  );
}
