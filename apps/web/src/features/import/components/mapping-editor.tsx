import type { ImportMapping, ImportPreview } from '@plansmith/contract/imports';
import { Col, Row, Select, Typography } from 'antd';

const NOT_IMPORTED = '';

/** One select per field: which column of the file it comes from. Month columns are listed after the fields. */
export const MappingEditor = ({
  preview,
  disabled,
  onChange,
}: {
  preview: ImportPreview;
  disabled: boolean;
  onChange: (mapping: ImportMapping) => void;
}) => {
  const options = [{ value: NOT_IMPORTED, label: 'Not imported' }, ...preview.Columns.map((column) => ({ value: column, label: column }))];
  const change = (field: string, column: string) => {
    const next: ImportMapping = { ...preview.Mapping };
    // A column feeds one field: taking it here frees it elsewhere.
    for (const [other, value] of Object.entries(next)) if (column && value === column) next[other] = null;
    next[field] = column || null;
    onChange(next);
  };
  return (
    <Row gutter={[16, 8]}>
      {preview.Fields.map((field) => {
        const missing = field.Required && !preview.Mapping[field.Field];
        return (
          <Col key={field.Field} xs={24} sm={12} lg={8}>
            <label htmlFor={`map-${field.Field}`} style={{ display: 'block', fontWeight: 500 }}>
              {field.Label}
              {field.Required ? <span aria-hidden="true"> *</span> : null}
            </label>
            <Select
              id={`map-${field.Field}`}
              aria-label={`Column for ${field.Label}`}
              value={preview.Mapping[field.Field] ?? NOT_IMPORTED}
              options={options}
              disabled={disabled}
              status={missing ? 'error' : undefined}
              onChange={(column: string) => change(field.Field, column)}
              style={{ width: '100%' }}
            />
            {missing ? (
              <Typography.Text type="danger" style={{ fontSize: 12 }}>
                Required: choose the column
              </Typography.Text>
            ) : field.Hint ? (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {field.Hint}
              </Typography.Text>
            ) : null}
          </Col>
        );
      })}
    </Row>
  );
};
