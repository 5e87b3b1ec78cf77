import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo } from 'react';
import { parseExpandedDescription, splitBold } from '../expanded-description';

function RichText({ text }: { text: string }) {
  return <>{splitBold(text).map((part, i) => (i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>))}</>;
}

/** Renders an expanded description as headings, paragraphs and lists: React elements, never HTML. */
export function ExpandedDescription({ text }: { text: string }) {
  const blocks = useMemo(() => parseExpandedDescription(text), [text]);
  return (
    <>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          return (
            <Typography
              key={i}
              component={block.level === 3 ? 'h3' : 'h4'}
              variant={block.level === 3 ? 'h4' : 'h6'}
              sx={{ mt: i === 0 ? 0 : 3, mb: 1 }}
            >
              {block.text}
            </Typography>
          );
        }
        if (block.kind === 'list') {
          return (
            <Box component="ul" key={i} sx={{ pl: 3, my: 1.5 }}>
              {block.items.map((item, j) => (
                <Typography component="li" key={j} variant="body1" sx={{ mb: 0.5 }}>
                  <RichText text={item} />
                </Typography>
              ))}
            </Box>
          );
        }
        return (
          <Typography key={i} component="p" variant="body1" sx={{ mb: 1.5 }}>
            <RichText text={block.text} />
          </Typography>
        );
      })}
    </>
  );
}
