"""The hands as a Parquet dataset, written by a cluster's workers, read through DuckDB.

`layout` says where everything lies; `writing` is a worker's task (a file or a piece of
one, in, its Parquet files out); `cluster` hands the tasks to Dask; `reading` makes the
dataset look like the database to DuckDB; `compaction` folds its pieces together.
"""
